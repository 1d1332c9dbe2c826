import { describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser.ts";
import { disableFeaturesSwitch } from "../support/chromium-features.ts";

// The suite's browser itself (tests/support/browser.ts): lean, and still Playwright's.
describe("the test browser", () => {
  it("keeps Playwright's disabled features when it adds its own", () => {
    const features = disableFeaturesSwitch().replace("--disable-features=", "").split(",");
    expect(features).toEqual(expect.arrayContaining(["PaintHolding", "HttpsUpgrades", "WebUIOmniboxPopup"]));
  });

  it("opens a page without the omnibox's hidden WebUI renderers", async () => {
    const browser = await launchBrowser();
    try {
      const page = await (await browser.newContext()).newPage();
      await page.setContent("<h1>Page</h1>");
      const cdp = await browser.newBrowserCDPSession();
      const { targetInfos } = await cdp.send("Target.getTargets");
      expect(targetInfos.map((target) => target.type)).toEqual(["page"]);
    } finally {
      await browser.close();
    }
  });
});
