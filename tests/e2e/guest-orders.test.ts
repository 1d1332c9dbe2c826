import { describe, expect, it } from "vitest";
import { createOrder } from "../factories/orders.ts";
import { setupE2E } from "../support/browser.ts";
import { fillSandboxBuyer, waitForToast } from "../support/e2e-helpers.ts";
import { latestEmailTo, linkIn, mailReaderEnv } from "../support/mail.ts";
import {
  addFromGrid,
  fillShippingAddress,
  openCheckout,
  openStorePage,
  testShippingAddress,
} from "../support/store.ts";

// Demo data: Gold Grade $89.99 (30g). The guest bought once before (a paid order with no account).
const guest = "gwen.guest@example.com";
const e2e = setupE2E({
  env: mailReaderEnv,
  prepare: async (db) => {
    await createOrder(db, { paymentStatus: "paid", email: guest.toUpperCase(), name: "Gwen Guest" });
  },
});

describe("guest orders", () => {
  it("a guest buys, opens the status link from the confirmation, then signs up, verifies and finds both orders", async () => {
    const page = await e2e.newPage();
    await openStorePage(page, "/products");
    await addFromGrid(page, "Gold Grade Shilajit Resin", 1);
    // The address typed at checkout is the order's (the sandbox page's buyer only adds the email).
    await openCheckout(page, {
      ...testShippingAddress,
      name: "Gwen Guest",
      line1: "1 Main St",
      city: "Austin",
      state: "TX",
      postalCode: "78701",
    });
    await page.getByRole("button", { name: /^Pay \$/ }).click();
    await page.waitForURL(/\/sandbox\/pay\//);
    await fillSandboxBuyer(page, "Gwen Guest", guest);
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: /^Pay \$/ }).click();
    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();

    // The confirmation email's link shows the order to whoever holds it, without signing in.
    const confirmation = await latestEmailTo(e2e, guest, undefined);
    expect(confirmation.subject).toMatch(/^Order confirmation #/);
    expect(confirmation.text).toContain("View your order status");
    const statusLink = linkIn(confirmation, "/order-status/");
    expect(statusLink).toMatch(/\/order-status\/[A-Za-z0-9_-]{43}$/);
    const stranger = await e2e.newPage("mobile");
    const response = await stranger.goto(statusLink);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toBe("no-store");
    expect(response?.headers()["referrer-policy"]).toBe("no-referrer");
    const shortId = confirmation.subject.replace("Order confirmation #", "");
    await stranger.getByRole("heading", { name: `Order #${shortId}` }).waitFor();
    await stranger.getByRole("cell", { name: /Gold Grade Shilajit Resin/ }).waitFor();
    await stranger.getByText("Gwen Guest, 1 Main St, Austin, TX 78701, US").waitFor();
    expect(await stranger.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");

    // Signing up alone attaches nothing; verifying the email does, and says so once.
    await page.goto("/auth?tab=signup");
    await page.getByLabel("Full Name").fill("Gwen Guest");
    await page.getByLabel("Email", { exact: true }).fill(guest);
    await page.getByLabel("Password").fill("guest-to-customer");
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await page.getByRole("status").getByText("Please check your email to verify your account.").waitFor();
    const verify = await latestEmailTo(e2e, guest, "Verify your email address");
    await page.goto(linkIn(verify, "/verify-email"));
    await page.waitForURL(`${e2e.app.url}/orders`);
    await waitForToast(page, "Your 2 earlier orders are now in My Orders");
    await page.getByRole("heading", { name: "My Orders", level: 1 }).waitFor();
    await expect.poll(() => page.getByRole("heading", { name: /^Order #/, level: 2 }).count()).toBe(2);
    await page.getByRole("heading", { name: `Order #${shortId}`, level: 2 }).waitFor();

    // Shown once: the next visit has no message.
    await page.reload();
    await page.getByRole("heading", { name: `Order #${shortId}`, level: 2 }).waitFor();
    expect(await page.getByText("earlier orders are now in My Orders").count()).toBe(0);
  });

  it("a guest's email from the address step is checked, kept and gets the receipt", async () => {
    const page = await e2e.newPage();
    await openStorePage(page, "/products");
    await addFromGrid(page, "Gold Grade Shilajit Resin", 1);
    await openStorePage(page, "/checkout");
    await fillShippingAddress(page, { ...testShippingAddress, name: "Rita Receipt" });
    const email = page.getByRole("textbox", { name: "Email (optional)" });
    await email.fill("rita@@example");
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await page.getByText("Please enter a valid email address, or leave it empty.").waitFor();
    // Nothing typed is lost.
    expect(await page.getByRole("textbox", { name: "Full name" }).inputValue()).toBe("Rita Receipt");
    expect(await email.inputValue()).toBe("rita@@example");

    await email.fill("Rita.Receipt@example.com");
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await page.getByRole("heading", { name: "Ship to" }).waitFor();
    await page.getByText("rita.receipt@example.com").waitFor();
    await page.getByRole("button", { name: /^Pay \$/ }).click();
    await page.waitForURL(/\/sandbox\/pay\//);
    // The test payment page prefills the email typed at the address step, as Stripe and PayPal do.
    expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe("rita.receipt@example.com");
    // The payer's own address at the payment page does not replace the one given at checkout.
    await fillSandboxBuyer(page, "Rita Receipt", "rita.payer@example.com");
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: /^Pay \$/ }).click();
    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
    const confirmation = await latestEmailTo(e2e, "rita.receipt@example.com", undefined);
    expect(confirmation.subject).toMatch(/^Order confirmation #/);
  });

  it("an unknown status link is the normal 404 page", async () => {
    const page = await e2e.newPage();
    const response = await page.goto(`/order-status/${"x".repeat(43)}`);
    expect(response?.status()).toBe(404);
    await page.getByText("Oops! Page not found").waitFor();
  });
});
