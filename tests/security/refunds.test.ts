import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Db } from "../../server/db/client.ts";
import { orderItems } from "../../server/db/schema/index.ts";
import { createOrder, createUser } from "../factories/index.ts";
import { expectTooLarge, setupTarget } from "./support.ts";

/**
 * POST /admin/orders/:orderId/refunds attacked over plain HTTP: visitors and customers, another
 * order's line ids, tampered amounts, a 50 MB body, the same form posted twice at once. Each is
 * refused with a status and a message (never a 500) and refunds nothing.
 */
const admin = { email: "refunds-owner@example.com", password: "refunds-owner-password-1" };
const customer = { email: "refunds-customer@example.com", password: "refunds-customer-password-1" };
const ids = { order: "", line: "", other: "", otherLine: "" };

async function paidOrderWithLine(db: Db, userId: string) {
  const order = await createOrder(db, {
    paymentStatus: "paid",
    userId,
    email: customer.email,
    totalCents: 6000,
    subtotalCents: 6000,
  });
  const [line] = await db
    .insert(orderItems)
    .values({ orderId: order.id, name: "Resin", unitPriceCents: 3000, quantity: 2, lineTotalCents: 6000 })
    .returning();
  return { order: order.id, line: line!.id };
}

const target = setupTarget({
  seed: "none",
  env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
  prepare: async (db) => {
    const buyer = await createUser(db, customer);
    const mine = await paidOrderWithLine(db, buyer.id);
    const other = await paidOrderWithLine(db, buyer.id);
    Object.assign(ids, { order: mine.order, line: mine.line, other: other.order, otherLine: other.line });
  },
});

const path = (orderId = ids.order) => `/admin/orders/${orderId}/refunds`;
const form = (fields: Record<string, string>) => ({
  idempotencyKey: randomUUID(),
  reason: "Attack",
  ...fields,
});

async function refundedCents(orderId = ids.order) {
  const owner = await target.signedIn(admin);
  const response = await owner.get(path(orderId));
  expect(response.status).toBe(200);
  return ((await response.json()) as { panel: { refundedCents: number } }).panel.refundedCents;
}

describe("refunds over HTTP", () => {
  it("are refused to visitors and customers", async () => {
    const fields = form({ mode: "full" });
    const anonymous = await target.visitor().postForm(path(), fields);
    expect([302, 303, 401, 403, 404]).toContain(anonymous.status);
    const signedIn = await target.signedIn(customer);
    const asCustomer = await signedIn.postForm(path(), fields);
    expect([302, 303, 401, 403, 404]).toContain(asCustomer.status);
    expect((await signedIn.get(path())).status).not.toBe(200);
    expect(await refundedCents()).toBe(0);
  });

  it("refuses another order's line, tampered amounts and units, with a message", async () => {
    const owner = await target.signedIn(admin);
    const attempts: Record<string, string>[] = [
      form({ mode: "lines", [`qty.${ids.otherLine}`]: "1" }),
      form({ mode: "lines", [`qty.${ids.line}`]: "3" }),
      form({ mode: "lines", [`qty.${ids.line}`]: "-1" }),
      form({ mode: "lines", "qty.not-a-uuid": "1" }),
      form({ mode: "amount", amount: "60.01" }),
      form({ mode: "amount", amount: "-5" }),
      form({ mode: "amount", amount: "1e9" }),
      form({ mode: "amount", amount: "0.001" }),
      form({ mode: "refund-everything" }),
      form({ mode: "full", reason: "" }),
      form({ mode: "full", reason: "x".repeat(501) }),
      form({ mode: "full", idempotencyKey: "not-a-key" }),
    ];
    for (const fields of attempts) {
      const response = await owner.postForm(path(), fields);
      expect(response.status, JSON.stringify(fields).slice(0, 200)).toBe(400);
      expect((await response.text()).length).toBeGreaterThan(0);
    }
    expect(await refundedCents()).toBe(0);
    expect(await refundedCents(ids.other)).toBe(0);
  });

  it("refuses a made-up or unpaid order id with a 404", async () => {
    const owner = await target.signedIn(admin);
    const response = await owner.postForm(path(randomUUID()), form({ mode: "full" }));
    expect(response.status).toBe(404);
    expect((await owner.postForm("/admin/orders/%00/refunds", form({ mode: "full" }))).status).toBe(404);
  });

  it("refuses a 50 MB body with 413", async () => {
    const owner = await target.signedIn(admin);
    const huge = `mode=full&reason=${"a".repeat(50 * 1024 * 1024)}`;
    await expectTooLarge(
      owner.request("POST", path(), huge, {
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      }),
    );
  });

  it("refunds once when the same form is posted twice at once", async () => {
    const owner = await target.signedIn(admin);
    const fields = form({ mode: "amount", amount: "10.00" });
    const answers = await Promise.all([
      owner.postForm(path(ids.other), fields),
      owner.postForm(path(ids.other), fields),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(await refundedCents(ids.other)).toBe(1000);
  });
});
