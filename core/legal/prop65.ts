/**
 * California Proposition 65 safe-harbor warning for foods, dietary supplements included
 * (27 CCR 25607.2(a)). The wording is the regulation's; only the chemical names are filled in.
 */

export const PROP65_ENDPOINTS = ["cancer", "reproductive", "both"] as const;
export type Prop65Endpoint = (typeof PROP65_ENDPOINTS)[number];

export const PROP65_ENDPOINT_LABELS: Record<Prop65Endpoint, string> = {
  cancer: "Cancer",
  reproductive: "Birth defects or other reproductive harm",
  both: "Both (cancer and reproductive harm)",
};

export const PROP65_SIGNAL_WORD = "WARNING:";

const harm: Record<Prop65Endpoint, string> = {
  cancer: "cancer",
  reproductive: "birth defects or other reproductive harm",
  both: "cancer and birth defects or other reproductive harm",
};

/** "lead", "lead and cadmium", "lead, cadmium and arsenic". */
function listNames(names: string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/**
 * The warning's text after the signal word "WARNING:" (shown in bold capitals before it). "is"
 * or "are" follows the number of chemicals named, as the regulation's "[is] [are]" asks.
 */
export function prop65WarningBody(chemicals: string[], endpoint: Prop65Endpoint): string {
  const verb = chemicals.length > 1 ? "are" : "is";
  return (
    `Consuming this product can expose you to chemicals including ${listNames(chemicals)}, ` +
    `which ${verb} known to the State of California to cause ${harm[endpoint]}. ` +
    "For more information go to www.P65Warnings.ca.gov/food."
  );
}

/** The full warning as one line of text (what the order records as shown). */
export function prop65WarningText(chemicals: string[], endpoint: Prop65Endpoint): string {
  return `${PROP65_SIGNAL_WORD} ${prop65WarningBody(chemicals, endpoint)}`;
}
