import { describe, expect, it } from "vitest";
import { DAY_MS } from "../../core/pricing/commission.ts";
import { createContentCreator, createCoupon, createCreatorOrder } from "../factories/index.ts";
import { expectNoSeriousA11yViolations } from "../support/axe.ts";
import { setupE2E } from "../support/browser.ts";
import { adminEnv, signInAsAdmin, waitForToast } from "../support/e2e-helpers.ts";

const creator = { username: "trail-maya", password: "maya-portal-pass-1" };

// One order paid 31 days ago: past the 30-day hold, so its commission is payable.
const e2e = setupE2E({
  seed: "none",
  env: adminEnv,
  prepare: async (db) => {
    const maya = await createContentCreator(db, { ...creator, commissionBasisPoints: 1250 });
    const coupon = await createCoupon(db, {
      code: "MAYA15",
      contentCreatorId: maya.id,
      discountValueHundredths: 1500,
    });
    await createCreatorOrder(db, coupon.id, {
      paidAt: new Date(Date.now() - 31 * DAY_MS),
      name: "Juniper Hollowell",
      email: "juniper@example.com",
      shippingAddress: {
        line1: "9 Cedar Rd",
        city: "Portland",
        state: "OR",
        postalCode: "97201",
        country: "US",
      },
      subtotalCents: 8000,
      couponDiscountCents: 1200,
      shippingCents: 500,
      totalCents: 7300,
    });
  },
});

describe("the creator portal", () => {
  it("shows a creator their order and commission; after the admin marks it paid, it reads paid", async () => {
    const page = await e2e.newPage("mobile");
    await page.goto("/creator");
    await page.getByLabel("Username").fill(creator.username);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("alert").getByText("Invalid username or password").waitFor();
    expect(await page.getByLabel("Username").inputValue()).toBe(creator.username);

    await page.getByLabel("Password").fill(creator.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Hello, trail-maya" }).waitFor();
    await page.getByText("MAYA15").waitFor();
    // 12.5% of $68.00 (goods after the coupon; shipping not included) = $8.50.
    const order = page.getByRole("row").filter({ hasText: "Juniper, Portland" });
    await order.getByRole("cell", { name: "$73.00" }).waitFor();
    await order.getByRole("cell", { name: "$8.50" }).waitFor();
    expect(await page.content()).not.toContain("Hollowell");
    const ledger = page.getByRole("row").filter({ hasText: "Commission on order" });
    await ledger.getByRole("cell", { name: "Payable", exact: true }).waitFor();
    await expectNoSeriousA11yViolations(page, "creator portal");

    const admin = await e2e.newPage();
    await signInAsAdmin(admin, "/admin/content-creators");
    await admin.getByRole("link", { name: "Ledger of trail-maya" }).click();
    await admin.getByRole("heading", { name: "Ledger of trail-maya" }).waitFor();
    await admin.getByRole("button", { name: "Mark paid" }).click();
    await admin.getByText("Enter the payout reference").first().waitFor();
    await admin.getByLabel("Payout reference").fill("WIRE-2041");
    await admin.getByRole("button", { name: "Mark paid" }).click();
    await waitForToast(admin, "Payout of $8.50 recorded");
    await expectNoSeriousA11yViolations(admin, "creator ledger");

    await page.reload();
    await ledger.getByRole("cell", { name: "Paid", exact: true }).waitFor();
    await page.getByRole("row").filter({ hasText: "WIRE-2041" }).first().waitFor();
    const paid = page.getByRole("definition").filter({ hasText: "$8.50" });
    expect(await paid.count()).toBeGreaterThan(0);

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("heading", { name: "Creator sign-in" }).waitFor();
  });
});
