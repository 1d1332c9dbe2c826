import { describe, expect, it } from "vitest";
import { createUser, DEFAULT_USER_PASSWORD } from "../factories/accounts.ts";
import { setupTarget } from "./support.ts";

const email = "csrf-victim@example.com";
const target = setupTarget({ prepare: (db) => createUser(db, { email }).then(() => undefined) });

const EVIL = "https://evil.example";
const addToCart = { intent: "add", productId: "no-such-product", quantity: "1", redirectTo: "/cart" };

/**
 * State-changing requests must come from the shop's own pages: browsers send Origin with every
 * POST (a form on evil.example posting here carries `Origin: https://evil.example`).
 */
describe("cross-site request forgery", () => {
  it.each([
    ["a page action (no-JS form post)", "/cart"],
    ["a page action (script post)", "/cart.data"],
    ["a resource route", "/auth/sign-out"],
    ["the auth API", "/api/auth/sign-out"],
    ["an admin action", "/admin/coupons"],
  ])("refuses %s posted from another site with 403", async (_, path) => {
    const response = await target.visitor().postForm(path, addToCart, { origin: EVIL });
    expect(response.status).toBe(403);
  });

  it("refuses a post that names no origin at all (403)", async () => {
    const response = await target.visitor().postForm("/cart", addToCart, { origin: null });
    expect(response.status).toBe(403);
  });

  it("refuses a JSON sign-in from another site and a cross-site Sec-Fetch-Site", async () => {
    const visitor = target.visitor();
    const json = await visitor.postJson(
      "/api/auth/sign-in/email",
      { email, password: DEFAULT_USER_PASSWORD },
      { origin: EVIL },
    );
    expect(json.status).toBe(403);
    expect(visitor.cookies.size).toBe(0);
    const fetchSite = await visitor.postForm("/cart", addToCart, {
      headers: { "Sec-Fetch-Site": "cross-site" },
    });
    expect(fetchSite.status).toBe(403);
  });

  it("refuses other state-changing methods too", async () => {
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const response = await target.visitor().request(method, "/cart", "intent=remove", { origin: EVIL });
      expect(response.status, method).toBe(403);
    }
  });

  it("cannot sign a shopper out from another site; their own sign-out works", async () => {
    const shopper = await target.signedIn({ email, password: DEFAULT_USER_PASSWORD });
    const forged = await shopper.postForm("/auth/sign-out", {}, { origin: EVIL });
    expect(forged.status).toBe(403);
    const session = await shopper.get("/api/auth/get-session");
    expect((await session.json())?.user?.email).toBe(email);
    const own = await shopper.postForm("/auth/sign-out", {});
    expect(own.status).toBe(302);
    expect(await (await shopper.get("/api/auth/get-session")).json()).toBeNull();
  });

  it("lets the shop's own pages post (Origin, or Sec-Fetch-Site: same-origin)", async () => {
    const withOrigin = await target.visitor().postForm("/cart", addToCart);
    expect(withOrigin.status).toBe(302);
    const withFetchSite = await target
      .visitor()
      .postForm("/cart", addToCart, { origin: null, headers: { "Sec-Fetch-Site": "same-origin" } });
    expect(withFetchSite.status).toBe(302);
  });

  it("lets payment webhooks through without an Origin (they are signed instead)", async () => {
    const response = await target.visitor().request("POST", "/webhooks/paypal", "{}", { origin: null });
    expect(response.status).not.toBe(403);
  });
});

// The shop behind a reverse proxy that ends TLS: pages are https://shop.example, the app sees http.
const behindProxy = setupTarget({ seed: "demo", env: { PUBLIC_URL: "https://shop.example" } });

describe("behind a TLS-ending proxy", () => {
  it("takes a form post from the public https origin (no 400 from the origin mismatch)", async () => {
    const products = await behindProxy.visitor().get("/products");
    const productId = (await products.text()).match(/name="productId" value="([^"]+)"/)?.[1];
    expect(productId).toBeDefined();
    const visitor = behindProxy.visitor();
    const response = await visitor.postForm(
      "/cart",
      { intent: "add", productId: productId!, quantity: "1", redirectTo: "/cart" },
      { origin: "https://shop.example" },
    );
    expect(response.status).toBe(302);
    const cart = await visitor.get("/cart");
    expect(await cart.text()).toMatch(/Cart \(1 item\)/);
  });

  it("still refuses the same post from another site", async () => {
    const response = await behindProxy.visitor().postForm("/cart", addToCart, { origin: EVIL });
    expect(response.status).toBe(403);
  });
});
