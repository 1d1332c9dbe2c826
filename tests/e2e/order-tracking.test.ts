import { afterAll, describe, expect, it } from "vitest";
import { orderItems } from "../../server/db/schema/index.ts";
import { createOrder, createUser } from "../factories/index.ts";
import { expectNoSeriousA11yViolations } from "../support/axe.ts";
import { setupE2E } from "../support/browser.ts";
import { adminEnv, signIn, signInAsAdmin, waitForToast } from "../support/e2e-helpers.ts";
import { decodedSource, startSmtpServer } from "../support/smtp.ts";

/**
 * Shipping with tracking, end to end: the owner picks "Shipped" for an order, enters UPS and a
 * number in the dialog; the customer sees the tracking link in My Orders and on the order page, and
 * the shipped email that reached the (in-process) SMTP server carries the same link.
 */
const smtp = await startSmtpServer();
afterAll(() => smtp.close());

const customer = { email: "tracked@example.com", password: "tracked-password-1" };
const trackingNumber = "1Z999AA10123456784";
const upsLink = `https://www.ups.com/track?tracknum=${trackingNumber}`;
let orderId = "";
/** The short number the admin reads (#1001), drawn when the order was paid. */
let orderNumber = 0;

const e2e = setupE2E({
  env: { ...adminEnv, SMTP_URL: smtp.url, MAIL_RETRY_INTERVAL_MS: "1000" },
  prepare: async (db) => {
    const user = await createUser(db, customer);
    const order = await createOrder(db, {
      userId: user.id,
      paymentStatus: "paid",
      name: "Tracy Tracked",
      email: customer.email,
    });
    orderId = order.id;
    orderNumber = order.number!;
    await db.insert(orderItems).values({
      orderId,
      name: "Pure Himalayan Shilajit Resin",
      weight: "30g",
      unitPriceCents: 5999,
      quantity: 1,
      lineTotalCents: 5999,
    });
  },
});

describe("shipping an order with tracking", () => {
  it("asks for the carrier and number, shows the link to the customer and emails it", async () => {
    const admin = await e2e.newPage();
    await signInAsAdmin(admin, "/admin/orders");
    const short = String(orderNumber);
    await admin.getByRole("combobox", { name: `Status of order #${short}` }).selectOption("shipped");
    const dialog = admin.getByRole("dialog", { name: `Ship order #${short}` });
    await dialog.getByRole("combobox", { name: /Carrier/ }).selectOption("ups");
    await dialog.getByRole("textbox", { name: /Tracking number/ }).fill("1Z 999");
    await dialog.getByRole("button", { name: "Mark shipped" }).click();
    await dialog.getByText("Tracking number must be 6–40 letters or digits, without spaces").waitFor();
    await expectNoSeriousA11yViolations(admin, "ship dialog");
    await dialog.getByRole("textbox", { name: /Tracking number/ }).fill(trackingNumber);
    await dialog.getByRole("textbox", { name: /Tracking number/ }).press("Enter");
    await waitForToast(admin, "Order marked shipped");
    await dialog.waitFor({ state: "hidden" });
    await expect
      .poll(() => admin.getByRole("combobox", { name: `Status of order #${short}` }).inputValue())
      .toBe("shipped");

    const page = await e2e.newPage();
    await signIn(page, customer.email, "/orders", customer.password);
    const link = page.getByRole("link", {
      name: `Track parcel ${trackingNumber} with UPS (opens in a new tab)`,
    });
    await link.waitFor();
    expect(await link.getAttribute("href")).toBe(upsLink);
    expect(await link.getAttribute("target")).toBe("_blank");
    expect(await link.getAttribute("rel")).toBe("noopener noreferrer");
    await page.getByRole("link", { name: /View order details/ }).click();
    await page.getByRole("heading", { name: `Order #${short}` }).waitFor();
    expect(await page.getByRole("link", { name: /Track parcel/ }).getAttribute("href")).toBe(upsLink);

    const shippedMail = () =>
      smtp.received.find((m) => m.to.includes(customer.email) && m.raw.includes("shipped"));
    await expect.poll(shippedMail, { timeout: 15_000 }).toBeDefined();
    const source = decodedSource(shippedMail()!);
    expect(source).toContain(upsLink);
    expect(source).toContain(`Carrier: UPS`);
  });

  it("lets the owner correct the tracking from the order detail, without JavaScript too", async () => {
    const context = await e2e.browser.newContext({ baseURL: e2e.app.url, javaScriptEnabled: false });
    try {
      const admin = await context.newPage();
      const signedIn = await e2e.newPage();
      await signInAsAdmin(signedIn, "/admin/orders");
      await context.addCookies(await signedIn.context().cookies());
      await admin.goto(`/admin/orders/${orderId}/ship`);
      await admin.getByRole("heading", { name: /Edit tracking/ }).waitFor();
      await admin.getByRole("combobox", { name: /Carrier/ }).selectOption("other");
      await admin.getByRole("textbox", { name: /Carrier name/ }).fill("Royal Mail");
      await admin.getByRole("textbox", { name: /Tracking number/ }).fill("RM123456789GB");
      await admin.getByRole("button", { name: "Save tracking" }).click();
      await admin.getByText("Tracking updated.").waitFor();
      expect(await admin.getByRole("textbox", { name: /Tracking number/ }).inputValue()).toBe(
        "RM123456789GB",
      );
    } finally {
      await context.close();
    }
  });
});
