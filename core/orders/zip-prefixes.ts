import { US_STATES } from "./address.ts";

/**
 * The first three digits of a ZIP code each belong to a state (USPS ZIP3 prefixes, the sectional
 * centers). Carriers reject a label whose ZIP and state disagree ("Portland, CA 75201"), so the
 * address step warns; it does not refuse, as a few prefixes cross state lines and the table may
 * lag the USPS. Ranges are inclusive; a prefix no state claims (unassigned, military) gets no warning.
 */
const ZIP3_RANGES: Readonly<Record<string, ReadonlyArray<readonly [number, number]>>> = {
  AL: [[350, 369]],
  AK: [[995, 999]],
  AZ: [[850, 865]],
  AR: [
    [716, 729],
    [755, 755],
  ],
  CA: [[900, 961]],
  CO: [[800, 816]],
  CT: [[60, 69]],
  DE: [[197, 199]],
  DC: [
    [200, 205],
    [569, 569],
  ],
  FL: [[320, 349]],
  GA: [
    [300, 319],
    [398, 399],
  ],
  HI: [[967, 968]],
  ID: [[832, 838]],
  IL: [[600, 629]],
  IN: [[460, 479]],
  IA: [[500, 528]],
  KS: [[660, 679]],
  KY: [[400, 427]],
  LA: [[700, 714]],
  ME: [[39, 49]],
  MD: [[206, 219]],
  MA: [
    [10, 27],
    [55, 55],
  ],
  MI: [[480, 499]],
  MN: [[550, 567]],
  MS: [[386, 397]],
  MO: [[630, 658]],
  MT: [[590, 599]],
  NE: [[680, 693]],
  NV: [[889, 898]],
  NH: [[30, 38]],
  NJ: [[70, 89]],
  NM: [[870, 884]],
  NY: [
    [5, 5],
    [63, 63],
    [100, 149],
  ],
  NC: [[270, 289]],
  ND: [[580, 588]],
  OH: [[430, 459]],
  OK: [
    [730, 732],
    [734, 749],
  ],
  OR: [[970, 979]],
  PA: [[150, 196]],
  RI: [[28, 29]],
  SC: [[290, 299]],
  SD: [[570, 577]],
  TN: [[370, 385]],
  TX: [
    [733, 733],
    [750, 799],
    [885, 885],
  ],
  UT: [[840, 847]],
  VT: [
    [50, 54],
    [56, 59],
  ],
  VA: [
    [201, 201],
    [220, 246],
  ],
  WA: [[980, 994]],
  WV: [[247, 268]],
  WI: [[530, 549]],
  WY: [[820, 831]],
  PR: [
    [6, 7],
    [9, 9],
  ],
  VI: [[8, 8]],
  GU: [[969, 969]],
  AS: [[967, 967]],
  MP: [[969, 969]],
};

const inRanges = (prefix: number, state: string) =>
  (ZIP3_RANGES[state] ?? []).some(([from, to]) => prefix >= from && prefix <= to);

/** The states a ZIP code's prefix belongs to (usually one), or [] when unknown. */
export function statesOfZip(postalCode: string): string[] {
  const match = /^(\d{3})\d{2}(-\d{4})?$/.exec(postalCode.trim());
  if (!match) return [];
  const prefix = Number(match[1]);
  return Object.keys(ZIP3_RANGES).filter((state) => inRanges(prefix, state));
}

const stateName = (code: string) => US_STATES.find((s) => s.code === code)?.name ?? code;

/**
 * A warning when the ZIP code's prefix belongs to another state than the one chosen, or null when
 * they agree or either is unknown.
 */
export function zipStateWarning(address: { state: string; postalCode: string }): string | null {
  const state = address.state.trim().toUpperCase();
  const states = statesOfZip(address.postalCode);
  if (!ZIP3_RANGES[state] || states.length === 0 || states.includes(state)) return null;
  return `ZIP code ${address.postalCode.trim()} is in ${stateName(states[0]!)}, not ${stateName(state)}. Carriers may reject this address: please check the state and ZIP code.`;
}
