import { describe, expect, it } from "vitest";
import {
  adminRoutes,
  ids,
  matrixAdmin,
  matrixAdminEnv,
  matrixCustomer,
  prepareMatrix,
} from "../support/admin-route-matrix.ts";
import { setupTarget, type Visitor } from "./support.ts";

/**
 * Issue 29, finding 6: a signed-in creator's `/creator?orders=2026-99-99 99:99:99~000…` (or a
 * 36-hyphen id) answered 500 with PostgreSQL's cast error. Every list's page position and every id
 * in a path or query, admin and storefront, is swept here with malformed values: each answer is a
 * page, a 400 or a 404 — never a 500.
 */
const target = setupTarget({ seed: "none", env: matrixAdminEnv, prepare: prepareMatrix });

const ZERO_ID = "00000000-0000-0000-0000-000000000000";
const BAD_VALUES = [
  `2026-99-99 99:99:99~${ZERO_ID}`,
  `2026-02-30 10:00:00+00~${ZERO_ID}`,
  `2026-01-01 00:00:00+00~${"-".repeat(36)}`,
  "-".repeat(36),
  Buffer.from(`2026-99-99 99:99:99+00|${ZERO_ID}`).toString("base64url"),
  Buffer.from(`2026-01-01 00:00:00+00|${"-".repeat(36)}`).toString("base64url"),
  "\u0000",
  "'; select 1 --",
  "9".repeat(400),
  "-1",
];

/** Every query parameter a list or screen reads (page positions, ids, filters). */
const PARAMETERS = [
  "after",
  "before",
  "page",
  "cursor",
  "orders",
  "ledger",
  "edit",
  "variant",
  "zone",
  "usage",
  "status",
  "q",
  "to",
  "type",
  "provider",
  "outcome",
  "cancelled",
  "session_id",
  "step",
  "sort",
  "export",
];

const withAll = (path: string, value: string) =>
  `${path}?${new URLSearchParams(PARAMETERS.map((name) => [name, value]))}`;

/** The requests of `urls` that answered 500 or more, with their status. */
async function failures(visitor: Visitor, urls: string[]) {
  const failed: string[] = [];
  for (const url of urls) {
    try {
      const response = await visitor.get(url);
      await response.arrayBuffer();
      if (response.status >= 500) failed.push(`${response.status} ${url}`);
    } catch (error) {
      failed.push(`${String(error)} ${url}`);
    }
  }
  return failed;
}

const STOREFRONT_LISTS = [
  "/",
  "/products",
  "/search",
  "/blog",
  "/cart",
  "/checkout",
  "/payment-success",
  "/paypal-success",
  "/product/no-such-product",
  "/collections/no-such-collection",
  "/orders",
  "/account",
  "/account/addresses",
  "/account/subscriptions",
  "/account/privacy",
  "/newsletter",
  "/creator",
];
const STOREFRONT_IDS = [
  "/orders/:id",
  "/account/subscriptions/:id",
  "/account/subscriptions/:id/cancel",
  "/order-status/:id",
  "/cart/restore/:id",
  "/unsubscribe/:id",
  "/newsletter/confirm/:id",
  "/sandbox/pay/:id",
  "/sandbox/paypal/:id",
  "/blog/:id",
  "/products/:id",
  "/policies/:id",
];

describe("malformed page positions and ids", { timeout: 300_000 }, () => {
  it("on every admin screen's query parameters are a page or a 400, never a 500", async () => {
    const admin = await target.signedIn(matrixAdmin);
    const screens = (await adminRoutes()).filter((r) => r.hasLoader);
    const urls = screens.flatMap((screen) => BAD_VALUES.map((value) => withAll(screen.url, value)));
    expect(await failures(admin, urls)).toEqual([]);
  });

  it("in every admin path are a 404, never a 500", async () => {
    const admin = await target.signedIn(matrixAdmin);
    const prepared = Object.values(ids).filter(Boolean);
    const urls = (await adminRoutes()).flatMap(({ url }) => {
      const id = prepared.find((value) => url.includes(value));
      return id ? BAD_VALUES.map((value) => url.replace(id, encodeURIComponent(value))) : [];
    });
    expect(urls.length).toBeGreaterThan(20);
    expect(await failures(admin, urls)).toEqual([]);
  });

  it("on the storefront, signed in or not, in queries and paths, never a 500", async () => {
    const customer = await target.signedIn(matrixCustomer);
    const urls = [
      ...STOREFRONT_LISTS.flatMap((path) => BAD_VALUES.map((value) => withAll(path, value))),
      ...STOREFRONT_IDS.flatMap((path) =>
        BAD_VALUES.flatMap((value) => {
          const url = path.replace(":id", encodeURIComponent(value));
          return [url, `${url}.data`];
        }),
      ),
    ];
    expect(await failures(customer, urls)).toEqual([]);
    expect(await failures(target.visitor(), urls)).toEqual([]);
  });
});
