import { describe, expect, it } from "vitest";
import { createCoupon, createUser } from "../factories/index.ts";
import { expectNoSeriousA11yViolations } from "../support/axe.ts";
import { setupE2E } from "../support/browser.ts";
import { fillSandboxBuyer, signIn, waitForToast } from "../support/e2e-helpers.ts";
import { failReadsWhen } from "../support/page.ts";
import {
  addFromGrid,
  applyCoupon,
  humanUserAgent,
  openCheckout,
  openStorePage,
  waitForCartQuantity,
} from "../support/store.ts";

// Demo data: Gold Grade $89.99 (30g), Liquid Drops $39.99 (30ml); coupons WELCOME10, SAVE5 (min $40), EXPIRED20.
const buyerA = "buyer-a@example.com";
const buyerB = "buyer-b@example.com";
const e2e = setupE2E({
  prepare: async (db) => {
    await createUser(db, { email: buyerA, name: "Avery Buyer" });
    await createUser(db, { email: buyerB, name: "Blake Buyer" });
    await createCoupon(db, { code: "USEDUP", usageLimit: 1, usedCount: 1 });
    // Looking this code up fails in the database: the apply must say so, not crash.
    await createCoupon(db, { code: "BROKEN", isActive: false });
    await failReadsWhen(db, "coupons", "code = 'BROKEN'");
  },
});

const gold = "Gold Grade Shilajit Resin";
const drops = "Liquid Shilajit Drops";

/**
 * The return page as a browser receives it: the processing state streams first, the result after
 * it (crawler user agents, headless Chromium's included, get the finished page only).
 */
async function streamedOrder(url: string, processing: string[], done: string) {
  const html = await (await fetch(url, { headers: { "User-Agent": humanUserAgent } })).text();
  for (const text of processing) expect(html).toContain(text);
  expect(html).toContain(done);
  expect(html.indexOf(processing[0]!)).toBeLessThan(html.indexOf(done));
}

describe("checkout", () => {
  it("guest one-time card purchase with a coupon: declined card, then paid; a reload processes nothing twice", async () => {
    const page = await e2e.newPage();
    await openStorePage(page, "/products");
    await addFromGrid(page, gold, 1);
    await openCheckout(page);
    expect(await page.getByRole("button", { name: "Apply" }).isDisabled()).toBe(true);
    await applyCoupon(page, "welcome10");
    await waitForToast(page, "Coupon Applied!");
    await waitForToast(page, "You saved $9.00 with code WELCOME10");
    await page.getByText("WELCOME10 applied: -$9.00").waitFor();
    expect(await page.getByRole("region", { name: "Order Summary" }).innerText()).toMatch(/Total\s+\$80\.99/);
    await expectNoSeriousA11yViolations(page, "checkout");

    await page.getByRole("button", { name: "Pay $80.99" }).click();
    await page.waitForURL(/\/sandbox\/pay\//);
    await page.getByText("Test mode").waitFor();
    await page.getByText("$80.99").first().waitFor();
    await fillSandboxBuyer(page, "Gale Guest", "gale@example.com");
    await page.getByLabel("Card number").fill("4000 0000 0000 0002");
    await page.getByRole("button", { name: "Pay $80.99" }).click();
    expect(await page.getByRole("alert").innerText()).toContain("Your card was declined");
    await expectNoSeriousA11yViolations(page, "sandbox card page");

    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: "Pay $80.99" }).click();
    await page.waitForURL(/\/payment-success\?session_id=/);
    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
    await waitForToast(page, "Payment Successful!");
    const card = await page.getByRole("region", { name: /^Order #/ }).innerText();
    expect(card).toMatch(/Items\s+1/);
    expect(card).toMatch(/Coupon WELCOME10\s+-\$9\.00/);
    expect(card).toMatch(/Total\s+\$80\.99/);
    await page.getByRole("heading", { name: "What's Next?" }).waitFor();
    await waitForCartQuantity(page, 0);

    const orderHeading = await page.getByRole("heading", { name: /^Order #/ }).innerText();
    await streamedOrder(
      page.url(),
      ["Processing your payment...", "Please wait while we confirm your order"],
      "Payment Successful!",
    );
    await page.reload();
    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
    expect(await page.getByRole("heading", { name: /^Order #/ }).innerText()).toBe(orderHeading);
  });

  it("shows every coupon refusal as a toast", async () => {
    const page = await e2e.newPage();
    await openStorePage(page, "/products");
    await addFromGrid(page, drops, 1);
    await openCheckout(page);
    const cases = [
      ["nope", "Invalid Coupon", "Coupon code not found or inactive"],
      ["expired20", "Expired Coupon", "This coupon has expired or is not yet active"],
      ["save5", "Minimum Order Not Met", "Minimum order amount is $40.00"],
      ["usedup", "Usage Limit Reached", "This coupon has reached its usage limit"],
      ["broken", "Error", "Failed to apply coupon. Please try again."],
    ] as const;
    for (const [code, title, description] of cases) {
      await applyCoupon(page, code);
      await waitForToast(page, title);
      await waitForToast(page, description);
    }
  });

  it("cancel on the sandbox page returns to checkout with the cart intact", async () => {
    const page = await e2e.newPage();
    await openStorePage(page, "/products");
    await addFromGrid(page, drops, 1);
    await openCheckout(page);
    await page.getByRole("button", { name: "Pay $39.99" }).click();
    await page.waitForURL(/\/sandbox\/pay\//);
    await page.getByRole("button", { name: "Cancel and return to checkout" }).click();
    await page.waitForURL(/\/checkout$/);
    await waitForCartQuantity(page, 1);
  });

  it("subscription needs sign-in: a guest is sent to /auth", async () => {
    const page = await e2e.newPage();
    await openStorePage(page, "/products");
    await addFromGrid(page, drops, 1);
    await openCheckout(page);
    await page
      .getByText(/Bulk Bonus, an extra 5%\)\. Free shipping, monthly auto-renewal, cancel anytime\./)
      .waitFor();
    // The choice is refused (stays one-time), so click rather than check.
    await page.getByRole("radio", { name: /Monthly subscription/ }).click();
    await waitForToast(page, "Sign In Required");
    await page.waitForURL(/\/auth/);
  });

  it("signed-in subscription by PayPal with 2 items gets 20%; only the owner sees it in My Orders", async () => {
    const page = await e2e.newPage();
    await signIn(page, buyerA, "/products");
    await openStorePage(page, "/products");
    await addFromGrid(page, drops, 1);
    await addFromGrid(page, drops, 2);
    await openCheckout(page);
    await page.getByRole("radio", { name: /Monthly subscription/ }).check();
    await page.getByRole("checkbox", { name: /I agree to the automatic renewal terms/ }).check();
    await page.getByRole("radio", { name: "PayPal" }).check();
    const summary = page.getByRole("region", { name: "Order Summary" });
    await expect.poll(() => summary.innerText()).toMatch(/Bulk Bonus\)\s+-\$16\.00/);
    expect(await summary.innerText()).toMatch(/Total\s+\$63\.98/);
    await page.getByRole("button", { name: "Pay $63.98" }).click();
    await page.waitForURL(/\/sandbox\/paypal\//);
    await fillSandboxBuyer(page, "Avery Buyer", buyerA);
    await page.getByRole("button", { name: "Pay $63.98 with PayPal" }).click();
    await page.waitForURL(/\/paypal-success\?token=/);
    await page.getByRole("heading", { name: "PayPal Payment Successful!" }).waitFor();
    expect(await page.getByRole("region", { name: /^Order #/ }).innerText()).toMatch(
      /Payment method\s+PayPal/,
    );
    await streamedOrder(page.url(), ["Processing Payment..."], "PayPal Payment Successful!");

    await openStorePage(page, "/orders");
    const orders = page.getByRole("article");
    expect(await orders.count()).toBe(1);
    const text = await orders.first().innerText();
    expect(text).toContain("Monthly subscription");
    expect(text).toMatch(/Total\s+\$63\.98/);
    expect(text).toContain("Shipping to");
    // The address given at checkout, not the one typed on the payment page.
    expect(text).toContain("1120 SW 5th Ave");
    await expectNoSeriousA11yViolations(page, "my orders");

    const other = await e2e.newPage();
    await signIn(other, buyerB, "/products");
    await openStorePage(other, "/orders");
    await other.getByRole("heading", { name: "No orders yet" }).waitFor();
  });
});
