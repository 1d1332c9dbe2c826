import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";
import { type RunningApp, type StartAppOptions, startApp } from "./app.ts";
import { disableFeaturesSwitch } from "./chromium-features.ts";
import { installToastRecorder } from "./toast-recorder.ts";

/** Chromium reports each blocked load or script on the console ("... violates the following Content Security Policy ..."). */
function reportCspViolations(context: BrowserContext, into: string[]) {
  context.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text()))
      into.push(`${message.page()?.url()}: ${message.text()}`);
  });
}

/** The system Chromium; never a downloaded browser. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      disableFeaturesSwitch(),
    ],
  });
}

export const viewports = {
  desktop: { width: 1280, height: 900 },
  /** A short laptop window: the admin sidebar must still reach Sign Out. */
  laptop: { width: 1280, height: 720 },
  mobile: { width: 390, height: 844 },
  /** A common laptop screen: a product page's purchase controls must all be in view (issue 31). */
  wide: { width: 1366, height: 900 },
} as const;

export type E2E = {
  app: RunningApp;
  browser: Browser;
  /** A new page in a fresh browser context (own cookies and storage) on the app's origin. */
  newPage(viewport?: keyof typeof viewports): Promise<Page>;
};

/**
 * One app and one browser for a test file: call at the top of the file, use the returned object
 * inside tests. Contexts opened with newPage are closed after the file.
 */
export function setupE2E(options: StartAppOptions = {}): E2E {
  const contexts: BrowserContext[] = [];
  const cspViolations: string[] = [];
  const e2e = {
    async newPage(viewport: keyof typeof viewports = "desktop") {
      const context = await e2e.browser.newContext({ baseURL: e2e.app.url, viewport: viewports[viewport] });
      contexts.push(context);
      reportCspViolations(context, cspViolations);
      await installToastRecorder(context);
      return context.newPage();
    },
  } as E2E;
  // Where the app's output stood when the current test began (printed from there if it fails).
  let logFrom = 0;
  beforeEach(() => {
    logFrom = e2e.app?.output().length ?? 0;
  });
  // Every page must work under the shop's Content-Security-Policy: a blocked script, style,
  // image or form post fails the test that caused it.
  afterEach(async ({ task }) => {
    if (task.result?.state === "fail") {
      printServerLogOf(task.name, e2e.app, logFrom);
      for (const context of contexts) for (const page of context.pages()) await printPageOf(page);
    }
    expect(cspViolations.splice(0), "Content-Security-Policy violations").toEqual([]);
  });
  beforeAll(async () => {
    [e2e.app, e2e.browser] = await Promise.all([startApp(options), launchBrowser()]);
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await e2e.browser?.close();
    await e2e.app?.destroy();
  });
  return e2e;
}

/** A failed browser test shows what the app logged meanwhile (warnings and errors by default). */
function printServerLogOf(test: string, app: RunningApp | undefined, from: number) {
  const log = app?.output().slice(from).trim();
  console.error(`App log during "${test}":\n${log ? log.slice(-6000) : "(nothing logged)"}`);
}

/** A failed browser test shows where each of its pages was: the URL, the text and the form fields. */
async function printPageOf(page: Page) {
  const seen = await page
    .evaluate(() => {
      const fields = [...document.querySelectorAll<HTMLInputElement>("input[id], select[id], textarea[id]")]
        .filter((field) => field.type !== "hidden")
        .map((field) => `${field.id}=${JSON.stringify(field.value)}`);
      const text = (document.querySelector("main") ?? document.body)?.innerText ?? "";
      return `${text.slice(0, 3000)}\nfields: ${fields.join(" ")}`;
    })
    .catch((error: Error) => `(unreadable: ${error.message})`);
  console.error(`Page ${page.url()}:\n${seen}`);
}
