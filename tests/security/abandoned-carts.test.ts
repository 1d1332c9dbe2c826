import { describe, expect, it } from "vitest";
import { cartLines, cartReminders, carts } from "../../server/db/schema/index.ts";
import { signLinkToken } from "../../server/marketing/links.ts";
import { createProduct, createUser } from "../factories/index.ts";
import { matrixAdmin, matrixAdminEnv, matrixCustomer } from "../support/admin-route-matrix.ts";
import { expectTooLarge, setupTarget } from "./support.ts";

/**
 * Abandoned-cart email links and settings (decision 044): restore and unsubscribe links only work
 * when signed with the app secret and unexpired; the RFC 8058 one-click POST works from a mail
 * client (no cookies, no Origin); the settings screen refuses everyone but an admin, and bad input
 * is a 400 with a message, never a 500.
 */
const AUTH_SECRET = "abandoned-cart-security-secret-0123456789";
const OTHER_SECRET = "an-attacker-guess-at-the-secret-0123456789";
const secretLine = "Reminded Resin Private 250g";
const known = { reminderId: "", email: "" };
const DAY_MS = 24 * 60 * 60 * 1000;

const target = setupTarget({
  seed: "none",
  env: { ...matrixAdminEnv, AUTH_SECRET },
  prepare: async (db) => {
    await createUser(db, matrixCustomer);
    const customer = await createUser(db);
    known.email = customer.email;
    const product = await createProduct(db, { name: secretLine });
    const [cart] = await db.insert(carts).values({ userId: customer.id }).returning();
    const [line] = await db
      .insert(cartLines)
      .values({
        cartId: cart!.id,
        productId: product.id,
        productName: secretLine,
        weight: "250g",
        quantity: 3,
      })
      .returning();
    const [reminder] = await db
      .insert(cartReminders)
      .values({
        cartId: cart!.id,
        step: 1,
        cartUpdatedAt: cart!.updatedAt,
        email: customer.email,
        lines: [{ ...line!, variantId: null }],
      })
      .returning();
    known.reminderId = reminder!.id;
  },
});

const restoreUrl = (secret: string, days = 14, now = new Date()) =>
  `/cart/restore/${signLinkToken(secret, "cart-restore", known.reminderId, days, now)}`;
const unsubscribeUrl = (secret: string, email: string, now = new Date()) =>
  `/unsubscribe/${signLinkToken(secret, "unsubscribe", email, 365, now)}`;
const longAgo = new Date(Date.now() - 400 * DAY_MS);

describe("restore links", () => {
  it("refuse forged, expired, wrong-purpose and junk tokens: 404, no cart, nothing leaked", async () => {
    const urls = [
      restoreUrl(OTHER_SECRET),
      restoreUrl(AUTH_SECRET, 14, new Date(Date.now() - 15 * DAY_MS)),
      `/cart/restore/${signLinkToken(AUTH_SECRET, "unsubscribe", known.reminderId, 14)}`,
      "/cart/restore/not-a-token",
      `/cart/restore/${"a".repeat(5000)}`,
    ];
    for (const url of urls) {
      const visitor = target.visitor();
      const response = await visitor.get(url);
      expect(response.status, url).toBe(404);
      expect(response.headers.get("cache-control"), url).toBe("no-store");
      expect(response.headers.get("referrer-policy"), url).toBe("no-referrer");
      expect(visitor.cookies.has("cart_id"), url).toBe(false);
      expect(await response.text(), url).not.toContain(secretLine);
    }
  });

  it("a genuine link brings the emailed lines into the visitor's own cart", async () => {
    const visitor = target.visitor();
    const response = await visitor.get(restoreUrl(AUTH_SECRET));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/cart");
    expect(visitor.cookies.has("cart_id")).toBe(true);
  });
});

describe("unsubscribe links", () => {
  it("refuse forged and expired tokens", async () => {
    for (const url of [
      unsubscribeUrl(OTHER_SECRET, known.email),
      unsubscribeUrl(AUTH_SECRET, known.email, longAgo),
    ]) {
      const page = await target.visitor().get(url);
      expect(page.status, url).toBe(404);
      expect(await page.text()).toContain("This link is invalid or has expired");
      const oneClick = await target
        .visitor()
        .postForm(url, { "List-Unsubscribe": "One-Click" }, { origin: null });
      expect(oneClick.status, url).toBe(404);
    }
  });

  it("accept the one-click POST of a mail client: no cookies, no Origin", async () => {
    const url = unsubscribeUrl(AUTH_SECRET, known.email);
    const response = await target
      .visitor()
      .postForm(url, { "List-Unsubscribe": "One-Click" }, { origin: null });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("You are unsubscribed");
    const again = await target.visitor().get(url);
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("Unsubscribe from marketing emails?");
  });

  it("refuses a 50 MB one-click body before reading it", async () => {
    const url = unsubscribeUrl(AUTH_SECRET, "someone@example.com");
    const huge = new Uint8Array(50 * 1024 * 1024);
    await expectTooLarge(target.visitor().request("POST", url, huge, { origin: null }));
  });

  it("still refuses cross-site posts elsewhere (the exemption is only the unsubscribe path)", async () => {
    const response = await target.visitor().postForm("/cart", { intent: "add" }, { origin: null });
    expect(response.status).toBe(403);
  });
});

describe("abandoned-cart settings", () => {
  const enable = { enabled: "on", idleHours: "1", secondEnabled: "", secondCouponId: "" };

  it("are refused to anonymous visitors and customers, and stay unchanged", async () => {
    const customer = await target.signedIn(matrixCustomer);
    for (const visitor of [target.visitor(), customer]) {
      const response = await visitor.postForm("/admin/abandoned-carts", enable);
      expect([302, 303]).toContain(response.status);
      expect(response.headers.get("location")).toContain("/admin/login");
    }
    const admin = await target.signedIn(matrixAdmin);
    const page = await (await admin.get("/admin/abandoned-carts")).text();
    expect(page).toMatch(/name="idleHours"[^>]*value="4"/);
  });

  it("answer bad input with a 400 and a message, keeping what was typed", async () => {
    const admin = await target.signedIn(matrixAdmin);
    for (const idleHours of ["abc", "0", "1.5", "100000", ""]) {
      const response = await admin.postForm("/admin/abandoned-carts", { ...enable, idleHours });
      expect(response.status, idleHours).toBe(400);
      const body = await response.text();
      expect(body).toContain("Please enter a whole number of hours from 1 to 720.");
      if (idleHours) expect(body).toContain(`value="${idleHours}"`);
    }
    const noCoupon = await admin.postForm("/admin/abandoned-carts", { ...enable, secondEnabled: "on" });
    expect(noCoupon.status).toBe(400);
    const unknownCoupon = await admin.postForm("/admin/abandoned-carts", {
      ...enable,
      secondEnabled: "on",
      secondCouponId: "00000000-0000-0000-0000-000000000000",
    });
    expect(unknownCoupon.status).toBe(400);
    expect(await unknownCoupon.text()).toContain("This coupon no longer exists.");
  });
});
