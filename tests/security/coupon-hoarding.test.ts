import { describe, expect, it } from "vitest";
import { createCoupon } from "../factories/coupons.ts";
import { checkoutPost, fillCart, firstProductId } from "./shopper.ts";
import { setupTarget, type Visitor } from "./support.ts";

// Behind a proxy, so each test's "client address" is the X-Forwarded-For hop the proxy appends.
const target = setupTarget({
  env: { TRUST_PROXY: "true" },
  prepare: async (db) => {
    await createCoupon(db, { code: "CREATOR3", usageLimit: 3 });
    await createCoupon(db, { code: "CREATOR2", usageLimit: 2 });
    await createCoupon(db, { code: "SOLO1", usageLimit: 1 });
  },
});

let productId: string;

/** A signed-out shopper from `ip` with one product in a fresh guest cart. */
async function guest(): Promise<Visitor> {
  const visitor = target.visitor();
  productId ??= await firstProductId(visitor);
  await fillCart(visitor, productId);
  return visitor;
}

/** Presses Pay from `ip`; the payment page's path when a session opened, else the status and page. */
async function pressPay(visitor: Visitor, ip: string, coupon?: string) {
  const response = await checkoutPost(visitor, "pay", coupon ? { appliedCoupon: coupon } : {}, {
    "X-Forwarded-For": ip,
  });
  const location = response.headers.get("location");
  const text = location ? "" : await response.text();
  return { status: response.status, location, text };
}

const isOpen = async (visitor: Visitor, path: string) =>
  !(await (await visitor.get(path)).text()).includes("This payment session has expired or was cancelled");

describe("coupon hoarding and piles of unpaid payments", () => {
  it("a new press of Pay ends the cart's previous payment (its coupon use goes back); one cart never holds two", async () => {
    const shopper = await guest();
    const pages: string[] = [];
    for (let press = 0; press < 3; press++) {
      const paid = await pressPay(shopper, "203.0.113.10", "CREATOR3");
      expect(paid.location).toMatch(/^\/sandbox\/pay\/sbx_/);
      pages.push(paid.location!);
    }
    expect(await Promise.all(pages.map((page) => isOpen(shopper, page)))).toEqual([false, false, true]);
    // Only one of CREATOR3's three uses is held: two other shoppers still get it.
    expect((await pressPay(await guest(), "203.0.113.11", "CREATOR3")).location).toBeTruthy();
    expect((await pressPay(await guest(), "203.0.113.12", "CREATOR3")).location).toBeTruthy();
  });

  it("one address cannot use up an N-use coupon with N unpaid checkouts from N carts", async () => {
    const statuses: (number | string)[] = [];
    for (let cart = 0; cart < 3; cart++) {
      const paid = await pressPay(await guest(), "203.0.113.20", "CREATOR2");
      statuses.push(paid.location ? "open" : paid.status);
      if (!paid.location) expect(paid.text.includes("Coupon Already in Use"), "toast").toBe(true);
    }
    expect(statuses).toEqual(["open", 400, 400]);
    // The other use is still there for another shopper.
    expect((await pressPay(await guest(), "203.0.113.21", "CREATOR2")).location).toBeTruthy();
  });

  it("one address cannot renew its hold on a single-use coupon all day, and at its cap holds nothing", async () => {
    const hoarder = await guest();
    const statuses: (number | string)[] = [];
    for (let press = 0; press < 5; press++) {
      const paid = await pressPay(hoarder, "203.0.113.30", "SOLO1");
      statuses.push(paid.location ? "open" : paid.status);
      if (!paid.location) expect(paid.text.includes("held this coupon too often today"), "toast").toBe(true);
    }
    // Each press ends the previous session; the daily cap on scarce holds stops the fourth.
    expect(statuses).toEqual(["open", "open", "open", 429, 429]);
    // A fresh cart from the same address is refused too: the cap is per address, not per cart.
    const again = await pressPay(await guest(), "203.0.113.30", "SOLO1");
    expect(again.status).toBe(429);
    // The refused press ended the hoarder's last payment: the single use is free for another shopper now.
    expect((await pressPay(await guest(), "203.0.113.31", "SOLO1")).location).toBeTruthy();
  });

  it("a guest cannot pile up unpaid orders: open payments are capped per address, and Pay is rate-limited", async () => {
    const ip = "203.0.113.40";
    const statuses: (number | string)[] = [];
    for (let cart = 0; cart < 4; cart++) {
      const paid = await pressPay(await guest(), ip);
      statuses.push(paid.location ? "open" : paid.status);
      if (!paid.location) expect(paid.text.includes("Too Many Open Payments"), "toast").toBe(true);
    }
    expect(statuses).toEqual(["open", "open", "open", 429]);

    // Pressing Pay again and again (the same cart) is stopped after a handful a minute.
    const presser = await guest();
    const presses: (number | string)[] = [];
    for (let press = 0; press < 8; press++) {
      const paid = await pressPay(presser, "203.0.113.41");
      presses.push(paid.location ? "open" : paid.status);
    }
    expect(presses).toEqual([...Array(6).fill("open"), 429, 429]);
  });
});
