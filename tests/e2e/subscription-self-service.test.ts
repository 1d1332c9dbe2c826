import { describe, expect, it } from "vitest";
import type { Db } from "../../server/db/client.ts";
import { createProductSubscription, createUser } from "../factories/index.ts";
import { expectNoSeriousA11yViolations } from "../support/axe.ts";
import { setupE2E } from "../support/browser.ts";
import { adminEnv, signInAsAdmin, signInThrough, waitForToast } from "../support/e2e-helpers.ts";

const subscriber = "self.service@example.com";
const canceller = "one.click@example.com";
const noScript = "no.script.cancel@example.com";
const ids = { subscriber: "", canceller: "", noScript: "" };

/** A customer subscribed to one unit of a real $40.00 product. */
async function subscribed(db: Db, email: string) {
  const user = await createUser(db, { email, name: "Self Server" });
  const name = `Resin for ${email.split("@")[0]}`;
  return (await createProductSubscription(db, { userId: user.id }, { name })).sub.id;
}

const e2e = setupE2E({
  seed: "none",
  env: adminEnv,
  prepare: async (db) => {
    ids.subscriber = await subscribed(db, subscriber);
    ids.canceller = await subscribed(db, canceller);
    ids.noScript = await subscribed(db, noScript);
  },
});

describe("subscription self-service", () => {
  it("skips the next delivery, pauses and resumes, changes the quantity; the admin sees the history", async () => {
    const page = await e2e.newPage();
    await signInThrough(page, subscriber, `/account/subscriptions/${ids.subscriber}`);
    await page.getByText(/Renews on/).waitFor();

    await page.getByRole("button", { name: "Skip next delivery" }).click();
    await waitForToast(page, "Next delivery skipped");
    // A skip reads as a skipped delivery with Undo skip, not as a pause (issue 31).
    await page.getByText(/^Next delivery \([A-Z][a-z]{2} \d{2}, \d{4}\) skipped · next charge/).waitFor();
    await page.getByText("Delivery skipped", { exact: true }).waitFor();
    expect(await page.getByText(/Paused until/).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Resume subscription" }).count()).toBe(0);
    await page.getByRole("button", { name: "Undo skip" }).click();
    await waitForToast(page, "Subscription resumed");
    await page.getByText(/Renews on/).waitFor();

    await page.getByLabel("Pause for").selectOption("2");
    await page.getByRole("button", { name: "Pause subscription" }).click();
    await waitForToast(page, "Subscription paused");
    await page.getByText(/Paused until/).waitFor();
    expect(await page.getByRole("button", { name: "Undo skip" }).count()).toBe(0);
    await page.getByRole("button", { name: "Resume subscription" }).click();
    await waitForToast(page, "Subscription resumed");

    await page.getByLabel(/^Quantity of Resin for self.service/).fill("2");
    await page.getByRole("button", { name: "Save items" }).click();
    await waitForToast(page, "Items changed");
    // 2 × $40.00 at 20% off (two or more items).
    await page.getByText("$64.00 / month").waitFor();
    await expectNoSeriousA11yViolations(page, "subscription self-service");

    const admin = await e2e.newPage();
    await signInAsAdmin(admin, `/admin/subscriptions/${ids.subscriber}`);
    const history = admin.getByRole("region", { name: "History" });
    for (const what of ["Skipped next delivery", "Paused", "Resumed", "Changed items"]) {
      await history.getByRole("cell", { name: what, exact: true }).first().waitFor();
    }
    expect(await history.getByRole("row").count()).toBe(6); // header + 5 changes
  });

  it("cancels in one click: the save offer is there beside the button and can be passed by", async () => {
    const page = await e2e.newPage();
    await signInThrough(page, canceller, `/account/subscriptions/${ids.canceller}/cancel`);
    const cancel = page.getByRole("button", { name: "Cancel subscription" });
    const offer = page.getByRole("button", { name: "Skip next month instead" });
    await offer.waitFor();
    // Equally prominent: the same size.
    const [a, b] = [await cancel.boundingBox(), await offer.boundingBox()];
    expect(Math.abs(a!.height - b!.height)).toBeLessThan(2);
    await expectNoSeriousA11yViolations(page, "cancel page");
    await cancel.click();
    await page.waitForURL("**/account/subscriptions");
    await waitForToast(page, "Subscription cancelled");
    await page.getByText(/Ended on/).waitFor();
  });

  it("the cancel page works without JavaScript", async () => {
    const context = await e2e.browser.newContext({ baseURL: e2e.app.url, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await signInThrough(page, noScript, `/account/subscriptions/${ids.noScript}/cancel`);
      await page.getByRole("button", { name: "Cancel subscription" }).click();
      await page.waitForURL("**/account/subscriptions");
      await page.getByText(/Ended on/).waitFor();
    } finally {
      await context.close();
    }
  });
});
