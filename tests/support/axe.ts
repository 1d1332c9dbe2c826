import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

/** Runs axe-core in the page and fails with a readable list when anything serious or critical is found. */
export async function expectNoSeriousA11yViolations(page: Page, label = page.url()) {
  // Let finite animations and transitions (a toast fading in or out, a sheet sliding) end first:
  // axe would measure the contrast of a half-transparent frame. A toast inserted just now starts its
  // transition a frame or two later, so this looks again after two frames until none is running
  // (CI once caught a toast at the start of its fade-in). Endless ones (spinners) are not waited for.
  await page.evaluate(async () => {
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let round = 0; round < 10; round++) {
      await nextFrame();
      await nextFrame();
      const running = document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .filter((a) => a.playState === "running" || a.pending);
      if (running.length === 0) return;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
  });
  // Evaluated by the test driver, not as an inline <script>: the shop's CSP would block that.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global just above
    const result = await (window as any).axe.run(document, { resultTypes: ["violations"] });
    return result.violations as Violation[];
  });
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  if (serious.length > 0) {
    const lines = serious.map(
      (v) => `- [${v.impact}] ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
    );
    throw new Error(`Accessibility violations on ${label}:\n${lines.join("\n")}`);
  }
}
