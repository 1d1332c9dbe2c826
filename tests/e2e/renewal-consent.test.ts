import { describe, expect, it } from "vitest";
import { createUser } from "../factories/index.ts";
import { expectNoSeriousA11yViolations } from "../support/axe.ts";
import { setupE2E } from "../support/browser.ts";
import { fillSandboxBuyer, signIn, signInAsAdmin } from "../support/e2e-helpers.ts";
import { latestEmailTo, linkIn, mailReader, mailReaderEnv } from "../support/mail.ts";
import { addFromGrid, openCheckout } from "../support/store.ts";

/** Automatic-renewal consent from the checkout to the confirmation email and the back office (decision 046). */
const subscriber = "renewal-consent@example.com";

const e2e = setupE2E({
  env: mailReaderEnv,
  prepare: async (db) => {
    await createUser(db, { email: subscriber, name: "Rene Consent" });
  },
});

describe("automatic-renewal consent", () => {
  it("refuses a subscription without the box, pays with it, emails the terms and shows the consent to the admin", async () => {
    const page = await e2e.newPage();
    await signIn(page, subscriber, "/products");
    await addFromGrid(page, "Liquid Shilajit Drops", 1);
    await openCheckout(page);
    const terms = page.getByRole("group", { name: "Automatic renewal terms" });
    expect(await terms.isVisible()).toBe(false);
    await page.getByRole("radio", { name: /Monthly subscription/ }).check();
    await terms.getByText(/renews every month until you cancel it/).waitFor();
    await terms.getByText(/Your next charge is on /).waitFor();
    const consent = page.getByRole("checkbox", { name: "I agree to the automatic renewal terms above." });
    expect(await consent.isChecked()).toBe(false);
    await expectNoSeriousA11yViolations(page, "checkout with renewal terms");

    const pay = page.getByRole("button", { name: /^Pay \$/ });
    await pay.click();
    await terms
      .getByRole("alert")
      .getByText(/tick the box to agree/)
      .waitFor();
    expect(new URL(page.url()).pathname).toBe("/checkout");
    expect(await page.getByRole("radio", { name: /Monthly subscription/ }).isChecked()).toBe(true);

    await consent.check();
    await pay.click();
    await page.waitForURL(/\/sandbox\/pay\//);
    await fillSandboxBuyer(page, "Rene Consent", subscriber);
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: /^Pay \$/ }).click();
    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();

    const mail = await latestEmailTo(e2e, subscriber);
    expect(mail.subject).toMatch(/^Order confirmation #/);
    expect(mail.text).toMatch(/renews automatically every month until you cancel it/);
    expect(mail.text).toMatch(/Cancelling takes effect at once/);
    const cancelLink = linkIn(mail, "/cancel");
    const subscriptionId = /\/account\/subscriptions\/([0-9a-f-]{36})\/cancel$/.exec(cancelLink)?.[1];
    expect(subscriptionId).toBeTruthy();

    const admin = await e2e.newPage();
    await signInAsAdmin(admin, `/admin/subscriptions/${subscriptionId}`, mailReader);
    const panel = admin.getByRole("region", { name: "Automatic renewal" });
    await panel.getByText("Consent given").waitFor();
    expect(await panel.innerText()).toMatch(
      /Terms shown\s+Automatic renewal: this subscription renews every month/,
    );
    expect(await panel.innerText()).toContain("auto-renewal-2025-07-01");
    expect(await panel.innerText()).toContain("HeadlessChrome");
  });
});
