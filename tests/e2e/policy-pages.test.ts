import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "../support/axe.ts";
import { setupE2E } from "../support/browser.ts";
import { adminEnv, signInAsAdmin, waitForToast } from "../support/e2e-helpers.ts";
import { addFromGrid, openCheckout, openStorePage } from "../support/store.ts";

// Demo data: the policies start as their starter templates (version 1), seeded at start.
const e2e = setupE2E({ env: adminEnv });

const termsWarning = "Your Terms of service is still the starter template — edit it before going live.";

describe("policy pages", () => {
  it("the footer link opens a policy page with its text and last-updated date", async () => {
    const page = await e2e.newPage();
    await openStorePage(page, "/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Refund and return policy" }).click();
    await page.getByRole("heading", { name: "Refund and return policy", level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/policies/refunds");
    await page.getByText("Refunds go back to the way you paid").waitFor();
    await page.getByText(/^Last updated /).waitFor();
    await expectNoSeriousA11yViolations(page, "policy page");

    await openStorePage(page, "/auth?tab=signup");
    const privacy = page.getByRole("link", { name: "Privacy policy", exact: true }).first();
    expect(await privacy.getAttribute("href")).toBe("/policies/privacy");
  });

  it("an admin edits the terms: the dashboard warning for terms goes, the page shows the new text", async () => {
    const admin = await e2e.newPage();
    await signInAsAdmin(admin, "/admin/dashboard");
    await admin.getByText(termsWarning).waitFor();
    await admin.getByText("Your Privacy policy is still the starter template").waitFor();

    await admin.getByRole("link", { name: "Edit Terms of service" }).click();
    await admin.getByRole("heading", { name: "Edit Terms of service" }).waitFor();
    await expectNoSeriousA11yViolations(admin, "policy editor");
    const text = admin.getByLabel("Policy text");
    await text.fill("## Our promise\n\nOrders are **final** once shipped.");
    await admin.getByRole("button", { name: "Preview" }).click();
    await admin
      .getByRole("region", { name: "Content preview" })
      .locator("strong", { hasText: "final" })
      .waitFor();
    await admin.getByRole("button", { name: "Save new version" }).click();
    await waitForToast(admin, "Terms of service saved as version 2");
    const history = admin.getByRole("region", { name: "Version history" });
    await history.getByText("Version 2").waitFor();
    await history.getByText("Version 1").waitFor();

    await admin.getByRole("link", { name: "Dashboard" }).click();
    await admin.getByRole("heading", { name: "Dashboard" }).waitFor();
    await admin.getByText("Your Privacy policy is still the starter template").waitFor();
    expect(await admin.getByText(termsWarning).count()).toBe(0);

    const shop = await e2e.newPage();
    await openStorePage(shop, "/policies/terms");
    await shop.getByRole("heading", { name: "Our promise" }).waitFor();
    await shop.getByText("Orders are final once shipped.").waitFor();
  });

  it("checkout shows the agreement line; its links open the terms and refund policy in a new tab", async () => {
    const page = await e2e.newPage();
    await openStorePage(page, "/products");
    await addFromGrid(page, "Gold Grade Shilajit Resin", 1);
    await openCheckout(page);
    await page.getByText("By placing your order you agree to the").waitFor();
    for (const [name, heading] of [
      ["Terms", "Terms of service"],
      ["Refund policy", "Refund and return policy"],
    ] as const) {
      const link = page.getByRole("link", { name, exact: true });
      expect(await link.getAttribute("target")).toBe("_blank");
      const [tab] = await Promise.all([page.context().waitForEvent("page"), link.click()]);
      await tab.getByRole("heading", { name: heading, level: 1 }).waitFor();
      await tab.close();
    }
    await page.getByRole("button", { name: /^Pay / }).waitFor();
  });
});
