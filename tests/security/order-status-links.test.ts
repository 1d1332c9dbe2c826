import { describe, expect, it } from "vitest";
import { orderItems } from "../../server/db/schema/index.ts";
import { newStatusToken } from "../../server/orders/status-token.ts";
import { createOrder } from "../factories/index.ts";
import { setupTarget } from "./support.ts";

/**
 * The guest's order status page (/order-status/{token}): only the exact token shows the order;
 * guessed tokens, the order's id and malformed values are the normal 404, never a 500 or a leak;
 * the page is never cached, indexed or passed on as a Referer; misses are rate-limited.
 */
const secretItem = "Guest Private Resin 500g";
const known = { token: "", orderId: "", unpaidToken: "" };

const target = setupTarget({
  seed: "none",
  prepare: async (db) => {
    const order = await createOrder(db, {
      paymentStatus: "paid",
      name: "Gina Guest",
      email: "gina@example.com",
    });
    known.token = order.statusToken!;
    known.orderId = order.id;
    await db.insert(orderItems).values({
      orderId: order.id,
      name: secretItem,
      unitPriceCents: 5999,
      quantity: 1,
      lineTotalCents: 5999,
    });
    known.unpaidToken = (await createOrder(db, { email: "gina@example.com" })).statusToken!;
  },
});

function expectSecretPageHeaders(response: Response) {
  expect(response.headers.get("cache-control")).toBe("no-store");
  expect(response.headers.get("referrer-policy")).toBe("no-referrer");
  expect(response.headers.get("x-robots-tag")).toBe("noindex");
}

describe("order status links", () => {
  it("shows the order to the holder of the link, as a page and as data, never cached or referred", async () => {
    for (const path of [`/order-status/${known.token}`, `/order-status/${known.token}.data`]) {
      const response = await target.visitor().get(path);
      expect(response.status, path).toBe(200);
      expectSecretPageHeaders(response);
      expect(await response.text()).toContain(secretItem);
    }
  });

  it("answers other tokens, the order id, an unpaid order and junk with the 404 page and no order data", async () => {
    const visitor = target.visitor();
    const guesses = [
      newStatusToken(),
      known.token.slice(0, -1) + (known.token.endsWith("A") ? "B" : "A"),
      known.token.toLowerCase() === known.token ? known.token.toUpperCase() : known.token.toLowerCase(),
      known.orderId,
      known.unpaidToken,
      "x",
      "a".repeat(5000),
      encodeURIComponent("' or '1'='1"),
      "%00",
      `${known.token}%2F..`,
    ];
    for (const guess of guesses) {
      const response = await visitor.get(`/order-status/${guess}`);
      expect(response.status, guess.slice(0, 60)).toBe(404);
      expectSecretPageHeaders(response);
      const body = await response.text();
      expect(body).toContain("Page not found");
      expect(body).not.toContain(secretItem);
      expect(body).not.toContain("Gina Guest");
    }
  });

  it("slows a guesser down: too many misses from one address are refused with 429", async () => {
    const visitor = target.visitor();
    const statuses: number[] = [];
    for (let i = 0; i < 120; i += 1)
      statuses.push((await visitor.get(`/order-status/${newStatusToken()}`)).status);
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s !== 404 && s !== 429)).toEqual([]);
    const limited = await visitor.get(`/order-status/${newStatusToken()}`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await limited.text()).not.toContain(secretItem);
  });
});
