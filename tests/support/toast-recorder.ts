import type { BrowserContext, Page } from "playwright-core";

/**
 * Toasts leave after a few seconds. On a loaded CI machine a test can look for one only after it
 * has gone, and a failed wait used to say nothing about what the page did show instead. Every
 * page of an e2e context records each toast it shows (installToastRecorder); waitForToast passes
 * when a matching toast is on screen (as a locator wait would), or when one came and went since
 * the last wait that claimed it, and its timeout names every toast the page showed.
 */

type Recorded = { element: Element; text: string; claimed: boolean };
type Recorder = { claim(pattern: RegExp): boolean; texts(): string[] };
declare global {
  interface Window {
    __toastRecorder?: Recorder;
  }
}

/** Runs in the page before its own scripts: watches for sonner's toast elements. */
function recordToasts() {
  const log: Recorded[] = [];
  const normalize = (text: string | null) => (text ?? "").replace(/\s+/g, " ").trim();
  const refresh = () => {
    for (const entry of log) if (entry.element.isConnected) entry.text = normalize(entry.element.textContent);
    for (const element of document.querySelectorAll("[data-sonner-toast]"))
      if (!log.some((entry) => entry.element === element))
        log.push({ element, text: normalize(element.textContent), claimed: false });
  };
  new MutationObserver(refresh).observe(document, { childList: true, subtree: true, characterData: true });
  const onScreen = (element: Element) =>
    element.isConnected &&
    element.getClientRects().length > 0 &&
    getComputedStyle(element).visibility !== "hidden";
  window.__toastRecorder = {
    claim(pattern) {
      refresh();
      const matching = log.filter((entry) => pattern.test(entry.text));
      if (matching.some((entry) => onScreen(entry.element))) {
        for (const entry of matching) entry.claimed = true;
        return true;
      }
      const missed = matching.find((entry) => !entry.claimed && !entry.element.isConnected);
      if (missed) missed.claimed = true;
      return missed !== undefined;
    },
    texts: () => log.map((entry) => entry.text),
  };
}

/** Makes every page of `context` record its toasts. */
export function installToastRecorder(context: BrowserContext) {
  return context.addInitScript(recordToasts);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Waits until a toast shows `text` (a case-insensitive substring, or a pattern). */
export async function waitForRecordedToast(page: Page, text: string | RegExp, timeout = 30_000) {
  const pattern =
    typeof text === "string"
      ? { source: escapeRegExp(text.replace(/\s+/g, " ").trim()), flags: "i" }
      : { source: text.source, flags: text.flags.replace("g", "") };
  try {
    await page.waitForFunction(
      ({ source, flags }) => {
        const recorder = window.__toastRecorder;
        const regExp = new RegExp(source, flags);
        if (recorder) return recorder.claim(regExp);
        // A page of a context without the recorder: a toast on screen now.
        return [...document.querySelectorAll("[data-sonner-toast]")].some((el) =>
          regExp.test(el.textContent ?? ""),
        );
      },
      pattern,
      { timeout },
    );
  } catch (error) {
    const shown = await page.evaluate(() => window.__toastRecorder?.texts() ?? null).catch(() => null);
    throw new Error(
      `No toast matching ${String(text)} on ${page.url()} within ${timeout} ms; ` +
        `toasts this page showed: ${shown ? JSON.stringify(shown) : "(not recorded)"}`,
      { cause: error },
    );
  }
}
