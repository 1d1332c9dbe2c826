import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

/**
 * Chromium features the test browser turns off, as one `--disable-features` switch.
 *
 * Chromium keeps only the last `--disable-features` on its command line, and Playwright passes its
 * own list first (features that make automation flaky, e.g. PaintHolding, HttpsUpgrades). A second
 * switch would silently re-enable all of those, so ours carries Playwright's list too, read from
 * the installed playwright-core (it does not export it; microsoft/playwright#36658).
 */
export function disableFeaturesSwitch(): string {
  return `--disable-features=${[...playwrightDisabledFeatures(), ...OURS].join(",")}`;
}

/**
 * Every window of the new headless mode preloads the omnibox's suggestion popups, two WebUI
 * renderers nobody sees: ~0.15 s of CPU per page a test opens, on a machine the suite keeps busy.
 */
const OURS = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup"];

let cached: string[] | undefined;

function playwrightDisabledFeatures(): string[] {
  if (cached) return cached;
  const bundle = readFileSync(
    createRequire(import.meta.url).resolve("playwright-core/lib/coreBundle"),
    "utf8",
  );
  const list = /\bdisabledFeatures = \[([\s\S]*?)\]\.filter/.exec(bundle)?.[1];
  const names = (list ?? "")
    .split("\n")
    .map((line) => line.replace(/\/\/.*$/, ""))
    .flatMap((line) => [...line.matchAll(/"([A-Za-z0-9]+)"/g)].map((match) => match[1]!));
  if (!names.includes("PaintHolding"))
    throw new Error(
      "playwright-core's disabled Chromium features not found: update tests/support/chromium-features.ts",
    );
  cached = names;
  return names;
}
