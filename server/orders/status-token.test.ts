import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrder } from "../../tests/factories/orders.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { renderMail } from "../mail/render.ts";
import { getOrderByStatusToken } from "./customer-orders.ts";
import { confirmationMessage } from "./payment-email.ts";
import { isStatusTokenShape, newStatusToken } from "./status-token.ts";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.destroy());

describe("order status tokens", () => {
  it("are 256 random bits in base64url, different every time", () => {
    const tokens = new Set(Array.from({ length: 100 }, newStatusToken));
    expect(tokens.size).toBe(100);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(isStatusTokenShape(token)).toBe(true);
    }
    for (const bad of [
      "",
      "short",
      "a".repeat(65),
      "abc/def+ghi=jklmnopqrstuvw",
      "' or 1=1 --aaaaaaaaaaaaaaa",
    ])
      expect(isStatusTokenShape(bad)).toBe(false);
  });

  it("find a paid order by its token only", async () => {
    const paid = await createOrder(t.db, { paymentStatus: "paid", email: "guest@example.com" });
    const unpaid = await createOrder(t.db);
    const found = await getOrderByStatusToken(t.db, paid.statusToken!);
    expect(found?.id).toBe(paid.id);
    expect(found?.items).toEqual([]);
    expect(await getOrderByStatusToken(t.db, unpaid.statusToken!)).toBeNull();
    expect(await getOrderByStatusToken(t.db, newStatusToken())).toBeNull();
    expect(await getOrderByStatusToken(t.db, paid.id)).toBeNull();
  });
});

describe("the confirmation email", () => {
  it("links to the order status page from the shop's public origin", async () => {
    const order = await createOrder(t.db, { paymentStatus: "paid", email: "guest@example.com", name: "Gil" });
    const message = confirmationMessage(order, [], "https://shop.example");
    const url = `https://shop.example/order-status/${order.statusToken}`;
    expect(message.props.statusUrl).toBe(url);
    const rendered = await renderMail(message.template, message.props);
    expect(rendered.text).toContain("View your order status");
    expect(rendered.text).toContain(url);
    // Without a known origin (or a token) the email simply has no button.
    expect(confirmationMessage(order, []).props.statusUrl).toBeUndefined();
  });
});
