import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders, subscriptionPriceChanges } from "../../server/db/schema/index.ts";
import { createProduct, createSubscription, createUser } from "../factories/index.ts";
import { fillCart, firstProductId } from "./shopper.ts";
import { setupTarget, type Visitor } from "./support.ts";

/**
 * Automatic-renewal consent and price changes attacked over plain HTTP (decision 046): a
 * subscription paid without the consent box, the box on a one-time purchase, the admin price
 * change route without an admin, and a notice shorter than the law's 7 days.
 */
const admin = { email: "renewal-owner@example.com", password: "renewal-owner-password-1" };
const buyer = { email: "renewal-buyer@example.com", password: "renewal-buyer-password-1" };
const ids = { subscription: "" };

const target = setupTarget({
  seed: "none",
  env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
  prepare: async (db) => {
    await createProduct(db, { name: "Consent Resin", priceCents: 5000 });
    const user = await createUser(db, buyer);
    ids.subscription = (await createSubscription(db, { userId: user.id })).id;
  },
});

/** Orders in the database, when the test can read it (PostgreSQL; PGlite is the app's alone). */
async function orderCount(): Promise<number | null> {
  const db = target.app.database?.db;
  if (!db) return null;
  const [row] = await db.select({ n: count() }).from(orders);
  return row?.n ?? 0;
}

async function subscriberAtPay(): Promise<{ visitor: Visitor; termsHash: string }> {
  const visitor = await target.signedIn(buyer);
  await fillCart(visitor, await firstProductId(visitor));
  const page = await (await visitor.get("/checkout")).text();
  const termsHash = /name="renewalTermsHash" value="([0-9a-f]{64})"/.exec(page)?.[1];
  if (!termsHash) throw new Error("no renewal terms on /checkout");
  return { visitor, termsHash };
}

const pay = (visitor: Visitor, fields: Record<string, string>) =>
  visitor.postForm("/checkout", { intent: "pay", paymentMethod: "card", ...fields });

describe("automatic-renewal consent at Pay", () => {
  it("refuses a subscription without the consent field (or with another text's hash), creating nothing", async () => {
    const { visitor, termsHash } = await subscriberAtPay();
    const before = await orderCount();
    const attempts: Record<string, string>[] = [
      { purchaseType: "subscription", renewalTermsHash: termsHash },
      { purchaseType: "subscription", renewalConsent: "on", renewalTermsHash: termsHash },
      { purchaseType: "subscription", renewalConsent: "yes", renewalTermsHash: "f".repeat(64) },
      { purchaseType: "subscription", renewalConsent: "yes" },
    ];
    for (const fields of attempts) {
      const response = await pay(visitor, fields);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(response.headers.get("location")).toBeNull();
      expect(await response.text()).toMatch(/renewal terms/);
    }
    expect(await orderCount()).toBe(before);
    // Ticked, for the terms shown: the payment page opens.
    const agreed = await pay(visitor, {
      purchaseType: "subscription",
      renewalConsent: "yes",
      renewalTermsHash: termsHash,
    });
    expect(agreed.status).toBe(302);
    expect(agreed.headers.get("location")).toMatch(/^\/sandbox\/pay\//);
  });

  it("ignores the consent field on a one-time purchase", async () => {
    const visitor = target.visitor();
    await fillCart(visitor, await firstProductId(visitor));
    const response = await pay(visitor, {
      purchaseType: "one_time",
      renewalConsent: "yes",
      renewalTermsHash: "x",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/sandbox\/pay\//);
    const plain = target.visitor();
    await fillCart(plain, await firstProductId(plain));
    expect((await pay(plain, { purchaseType: "one_time" })).headers.get("location")).toMatch(
      /^\/sandbox\/pay\//,
    );
  });
});

describe("admin price change route", () => {
  const path = () => `/admin/subscriptions/${ids.subscription}/price-change`;
  const change = { unitPrice: "1.00", noticeDays: "14" };

  async function waitingChanges(): Promise<number | null> {
    const db = target.app.database?.db;
    if (!db) return null;
    const rows = await db
      .select()
      .from(subscriptionPriceChanges)
      .where(eq(subscriptionPriceChanges.subscriptionId, ids.subscription));
    return rows.length;
  }

  it("is refused to a visitor and to a customer, the subscription's own owner included", async () => {
    const anonymous = await target.visitor().postForm(path(), change);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/\/admin\/login/);
    const customer = await target.signedIn(buyer);
    const answer = await customer.postForm(path(), change);
    expect([302, 403, 404]).toContain(answer.status);
    expect(answer.headers.get("location") ?? "").not.toContain("/admin/subscriptions");
    expect(await waitingChanges()).not.toBe(1);
  });

  it("refuses a notice under 7 days (and over 30) with a message, even to an admin", async () => {
    const owner = await target.signedIn(admin);
    for (const noticeDays of ["6", "0", "-5", "31", "abc"]) {
      const response = await owner.postForm(path(), { unitPrice: "1.00", noticeDays });
      expect(response.status, noticeDays).toBe(400);
      expect(await response.text()).toMatch(/notice|days/i);
    }
    expect(await waitingChanges()).not.toBe(1);
    const page = await (await owner.get(`/admin/subscriptions/${ids.subscription}`)).text();
    expect(page).not.toContain("New monthly price");
  });
});
