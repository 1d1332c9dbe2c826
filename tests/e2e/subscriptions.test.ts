import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { orderLabel } from "../../core/orders/order-number.ts";
import type { Db } from "../../server/db/client.ts";
import { orderItems, orders } from "../../server/db/schema/index.ts";
import { renewSubscription } from "../../server/subscriptions/renew.ts";
import { createOrder, createSubscription, createUser, defaultSubscriptionItem } from "../factories/index.ts";
import { expectNoSeriousA11yViolations } from "../support/axe.ts";
import { setupE2E } from "../support/browser.ts";
import { adminEnv, signInAsAdmin, signInThrough as signInOn, waitForToast } from "../support/e2e-helpers.ts";
import { waitForHydration } from "../support/page.ts";

const subscriber = "subscriber@example.com";
const stranger = "stranger@example.com";
const adminCancels = "admin-cancels@example.com";
const noScript = "no-script@example.com";
const providerDown = "provider-down@example.com";
const ids = { subscriber: "", firstOrder: "", renewal: "", adminCancels: "", noScript: "" };

/** A customer with an active subscription, its first paid order and, optionally, a renewal. */
async function subscribedCustomer(
  db: Db,
  email: string,
  { renew = false, provider = "sandbox" }: { renew?: boolean; provider?: "sandbox" | "stripe" } = {},
) {
  const user = await createUser(db, { email, name: "Sub Scriber" });
  const sub = await createSubscription(db, {
    userId: user.id,
    provider,
    createdAt: new Date(Date.now() - 60_000),
  });
  const first = await createOrder(db, {
    userId: user.id,
    paymentStatus: "paid",
    purchaseType: "subscription",
    subscriptionId: sub.id,
    name: "Sub Scriber",
    email,
    subtotalCents: 8999,
    subscriptionDiscountCents: 1350,
    totalCents: 7649,
    createdAt: new Date(Date.now() - 120_000),
  });
  const { unitPriceCents, quantity, name, weight } = defaultSubscriptionItem;
  await db
    .insert(orderItems)
    .values({ orderId: first.id, name, weight, unitPriceCents, quantity, lineTotalCents: 8999 });
  if (!renew) return { sub, first, renewal: null };
  const renewal = await renewSubscription(db, { send: async () => "stored" }, sub.id);
  if (!renewal.ok) throw new Error(renewal.reason);
  return { sub, first, renewal };
}

/** How staff see an order: its number (#1001), read once the orders exist. */
const labels = { firstOrder: "", renewal: "" };
async function labelOf(db: Db, orderId: string) {
  const [row] = await db
    .select({ id: orders.id, number: orders.number })
    .from(orders)
    .where(eq(orders.id, orderId));
  return orderLabel(row!);
}

const e2e = setupE2E({
  seed: "none",
  env: adminEnv,
  prepare: async (db) => {
    const main = await subscribedCustomer(db, subscriber, { renew: true });
    ids.subscriber = main.sub.id;
    ids.firstOrder = main.first.id;
    ids.renewal = main.renewal!.orderId;
    labels.firstOrder = await labelOf(db, ids.firstOrder);
    labels.renewal = await labelOf(db, ids.renewal);
    ids.adminCancels = (await subscribedCustomer(db, adminCancels)).sub.id;
    ids.noScript = (await subscribedCustomer(db, noScript)).sub.id;
    // No Stripe keys in this app: the provider cannot be reached, as when Stripe is down.
    await subscribedCustomer(db, providerDown, { provider: "stripe" });
    await createUser(db, { email: stranger });
  },
});

const datePattern = String.raw`[A-Z][a-z]{2} \d{2}, \d{4}`;

/** Opens the page signed out, signs in on /auth and comes back to it. */
const signInThrough = (page: Page, email: string, path = "/account/subscriptions") =>
  signInOn(page, email, path);

describe("customer subscriptions", () => {
  it("the subscriber sees the subscription and cancels it with the confirmation: 'Cancels on …'", async () => {
    const page = await e2e.newPage();
    await signInThrough(page, subscriber);
    await waitForHydration(page);
    // Named by the order that started it, as the customer was told (#1001), never by an id.
    const card = page.getByRole("article", { name: `Subscription for order #${labels.firstOrder}` });
    const text = await card.innerText();
    expect(text).toContain("Gold Grade Shilajit Resin (30g) × 1");
    expect(text).toContain("$76.49 / month");
    expect(text).toContain("Active");
    expect(text).toMatch(new RegExp(`Renews on ${datePattern}`));
    await expectNoSeriousA11yViolations(page, "my subscriptions");

    // Backing out of the confirmation changes nothing.
    await card.getByRole("button", { name: /^Cancel subscription/ }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText("you will not be charged again; your last delivery is").waitFor();
    await expectNoSeriousA11yViolations(page, "cancel confirmation");
    await dialog.getByRole("button", { name: "Keep subscription" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await card.innerText()).toMatch(/Renews on/);

    await card.getByRole("button", { name: /^Cancel subscription/ }).click();
    await dialog.getByRole("button", { name: "Cancel subscription" }).click();
    await waitForToast(page, "Subscription cancelled");
    await card.getByText(new RegExp(`Cancels on ${datePattern}`)).waitFor();
    expect(await card.getByRole("button", { name: /^Cancel subscription/ }).count()).toBe(0);
    await page.reload();
    await card.getByText(new RegExp(`Cancels on ${datePattern}`)).waitFor();

    // My Orders links here and says which subscription the first order and the renewal belong to.
    await page.goto("/orders");
    const links = page.getByRole("link", { name: "Monthly subscription" });
    await expect.poll(() => links.count()).toBe(2);
    expect(await links.first().getAttribute("href")).toBe(`/account/subscriptions/${ids.subscriber}`);
    await page.getByRole("main").getByRole("link", { name: "My Subscriptions" }).click();
    await page.waitForURL("**/account/subscriptions");
  });

  it("another customer sees the empty state and cannot cancel someone else's subscription", async () => {
    const page = await e2e.newPage();
    await signInThrough(page, stranger);
    await page.getByRole("heading", { name: "No subscriptions yet" }).waitFor();
    expect(await page.getByRole("link", { name: "Start Shopping" }).getAttribute("href")).toBe("/products");
    await expectNoSeriousA11yViolations(page, "no subscriptions");
    // The account menu leads here too.
    await waitForHydration(page);
    await page.getByRole("button", { name: "Account menu" }).click();
    expect(await page.getByRole("menuitem", { name: "My Subscriptions" }).getAttribute("href")).toBe(
      "/account/subscriptions",
    );

    const response = await page.request.post("/account/subscriptions", {
      form: { intent: "cancel", subscriptionId: ids.adminCancels },
      headers: { Origin: e2e.app.url },
    });
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain("We could not find that subscription");
  });

  it("a provider failure is reported and changes nothing", async () => {
    const page = await e2e.newPage();
    await signInThrough(page, providerDown);
    await waitForHydration(page);
    await page.getByRole("button", { name: /^Cancel subscription/ }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel subscription" }).click();
    await waitForToast(page, "Cancellation failed");
    await page
      .getByRole("alert")
      .getByText("The payment provider did not confirm the cancellation")
      .waitFor();
    await page.reload();
    await page.getByText(new RegExp(`Renews on ${datePattern}`)).waitFor();
    expect(await page.getByRole("button", { name: /^Cancel subscription/ }).count()).toBe(1);
  });

  it("works without JavaScript: the button posts and the page says what happened", async () => {
    const context = await e2e.browser.newContext({ baseURL: e2e.app.url, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await signInThrough(page, noScript);
      await page.getByRole("button", { name: /^Cancel subscription/ }).click();
      await page.getByText("Subscription cancelled: You will not be charged again.").waitFor();
      await page.getByText(new RegExp(`Cancels on ${datePattern}`)).waitFor();
    } finally {
      await context.close();
    }
  });
});

describe("admin subscriptions", () => {
  it("lists subscriptions with filter, shows one with its renewal orders, and cancels at period end", async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page, "/admin/subscriptions");
    await page.getByRole("heading", { name: "Subscriptions", level: 1 }).waitFor();
    const row = page.getByRole("row").filter({ hasText: subscriber });
    const text = await row.innerText();
    expect(text).toContain("Gold Grade Shilajit Resin (30g) × 1");
    expect(text).toContain("$76.49");
    expect(text).toContain("Sandbox (test mode)");
    expect(text).toMatch(new RegExp(`Cancels on ${datePattern}`));
    // The stranger's cancel did not touch this one.
    expect(await page.getByRole("row").filter({ hasText: adminCancels }).innerText()).toMatch(/Renews on/);
    await expectNoSeriousA11yViolations(page, "admin subscriptions");

    await page.getByLabel("Status").selectOption("canceled");
    await page.getByRole("button", { name: "Filter" }).click();
    await page.getByText("No subscriptions with this status").waitFor();
    await page.getByLabel("Status").selectOption("active");
    await page.getByRole("button", { name: "Filter" }).click();
    await page.waitForURL(/status=active/);

    await page.getByRole("link", { name: `View subscription for order #${labels.firstOrder}` }).click();
    await page.getByRole("heading", { name: `Subscription for order #${labels.firstOrder}` }).waitFor();
    const orders = page.getByRole("region", { name: "Orders" });
    expect(await orders.getByRole("row").filter({ hasText: labels.renewal }).innerText()).toContain(
      "Renewal",
    );
    expect(await orders.getByRole("row").filter({ hasText: labels.firstOrder }).innerText()).toContain(
      "First order",
    );
    await expectNoSeriousA11yViolations(page, "admin subscription detail");
    expect(
      await page.getByRole("link", { name: `Packing slip #${labels.renewal}` }).getAttribute("href"),
    ).toBe(`/admin/orders/${ids.renewal}/print`);
    await page.getByRole("link", { name: `Open in Orders #${labels.renewal}` }).click();
    await page.waitForURL(/\/admin\/orders\?q=/);
    await page.getByRole("cell", { name: `#${labels.renewal}`, exact: true }).waitFor();

    await page.goto(`/admin/subscriptions/${ids.adminCancels}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Cancel subscription" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText("you will not be charged again").waitFor();
    await dialog.getByRole("button", { name: "Cancel subscription" }).click();
    await waitForToast(page, "Subscription cancelled");
    await page.getByText(new RegExp(`Cancels on ${datePattern}`)).waitFor();
  });
});
