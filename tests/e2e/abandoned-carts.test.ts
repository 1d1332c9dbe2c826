import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { addToCart, getOrCreateCart } from "../../server/cart/cart.ts";
import { carts } from "../../server/db/schema/index.ts";
import { saveMarketingPostalAddress } from "../../server/marketing/postal-address.ts";
import { createProduct, createUser } from "../factories/index.ts";
import { setupE2E } from "../support/browser.ts";
import { adminEnv, signInAsAdmin, waitForToast } from "../support/e2e-helpers.ts";
import { decodedSource, startSmtpServer } from "../support/smtp.ts";

/**
 * Abandoned-cart email end to end: the owner turns reminders on at 4 hours; a customer's cart
 * last changed 5 hours ago (aged by SQL before the start) gets the reminder at the in-process SMTP
 * server; its link puts the lines into another browser's cart; its unsubscribe link works.
 */
const smtp = await startSmtpServer();
afterAll(() => smtp.close());

const customerEmail = "wandering@example.com";
const productName = "Forgotten Shilajit Resin 50g";

const e2e = setupE2E({
  seed: "none",
  env: { ...adminEnv, SMTP_URL: smtp.url, SWEEP_INTERVAL_MS: "1000", MAIL_RETRY_INTERVAL_MS: "1000" },
  prepare: async (db) => {
    await saveMarketingPostalAddress(db, "Peak Naturals LLC, 100 Main St, Dallas, TX 75201");
    const customer = await createUser(db, { email: customerEmail, name: "Wendy Wanderer" });
    const product = await createProduct(db, { name: productName });
    const cartId = await getOrCreateCart(db, { userId: customer.id });
    await addToCart(db, cartId, product.id, 2);
    const fiveHoursAgo = new Date(Date.now() - 5 * 60 * 60 * 1000);
    await db.update(carts).set({ updatedAt: fiveHoursAgo }).where(eq(carts.id, cartId));
  },
});

const reminder = () => smtp.received.find((m) => m.to.includes(customerEmail));
const linkTo = (source: string, path: string) => {
  const link = source.match(new RegExp(`https?://[^\\s"<>]+${path}[^\\s"<>]+`))?.[0];
  if (!link) throw new Error(`no ${path} link in the reminder`);
  return new URL(link).pathname;
};

describe("abandoned-cart reminders", () => {
  it("the owner turns them on; the customer gets one, restores the cart and unsubscribes", async () => {
    const admin = await e2e.newPage();
    await signInAsAdmin(admin, "/admin/abandoned-carts");
    await admin.getByRole("heading", { name: "Abandoned Carts" }).waitFor();
    await admin.getByRole("switch", { name: "Send abandoned-cart reminders" }).check();
    await admin.getByRole("spinbutton", { name: "Hours before the reminder" }).fill("0");
    await admin.getByRole("button", { name: "Save settings" }).click();
    await admin.getByText("Please enter a whole number of hours from 1 to 720.").first().waitFor();
    await admin.getByRole("spinbutton", { name: "Hours before the reminder" }).fill("4");
    await admin.getByRole("button", { name: "Save settings" }).click();
    await waitForToast(admin, "Abandoned-cart settings saved");

    await expect.poll(reminder, { timeout: 20_000 }).toBeDefined();
    const source = decodedSource(reminder()!);
    expect(source).toContain("You left something in your cart");
    expect(source).toContain(productName);
    expect(source).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");

    const shopper = await e2e.newPage();
    await shopper.goto(linkTo(source, "/cart/restore/"));
    await shopper.waitForURL("**/cart");
    await shopper.getByText(productName).first().waitFor();

    const expired = await e2e.newPage();
    await expired.goto("/cart/restore/forged.token");
    await expired.getByRole("heading", { name: "This link has expired" }).waitFor();

    const optOut = await e2e.newPage();
    await optOut.goto(linkTo(source, "/unsubscribe/"));
    // Opening the link only asks (mail scanners open links); the button unsubscribes.
    await optOut.getByRole("button", { name: "Unsubscribe" }).click();
    await optOut.getByRole("heading", { name: "You are unsubscribed" }).waitFor();
    await optOut.getByText(`We will send no more marketing emails to ${customerEmail}`).waitFor();
    expect(smtp.received.filter((m) => m.to.includes(customerEmail))).toHaveLength(1);
  });
});
