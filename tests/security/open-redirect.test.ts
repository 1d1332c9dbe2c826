import { describe, expect, it } from "vitest";
import { createUser, DEFAULT_USER_PASSWORD } from "../factories/accounts.ts";
import { setupTarget } from "./support.ts";

const email = "redirect-victim@example.com";
const target = setupTarget({ prepare: (db) => createUser(db, { email }).then(() => undefined) });

/**
 * Targets that pass a naive "starts with / but not //" check; a browser drops tabs and newlines
 * and reads `\` as `/`, so each of them would leave the shop.
 */
const EVIL_TARGETS = [
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/\\evil.example",
  "/..//evil.example",
  "/.//evil.example",
  "//evil.example",
  "https://evil.example/",
];

/** Where a browser goes with this Location: it must be our own host. */
function expectStaysHere(response: Response) {
  expect(response.status).toBeGreaterThanOrEqual(300);
  expect(response.status).toBeLessThan(400);
  const location = response.headers.get("location")!;
  expect(new URL(location, target.app.url).origin).toBe(new URL(target.app.url).origin);
}

describe("open redirect", () => {
  it.each(EVIL_TARGETS)("sign-in never sends the user off-site (redirectTo %j)", async (redirectTo) => {
    const visitor = target.visitor();
    const response = await visitor.postForm("/auth", {
      intent: "signin",
      email,
      password: DEFAULT_USER_PASSWORD,
      redirectTo,
    });
    expectStaysHere(response);
  });

  it.each(EVIL_TARGETS)(
    "a cart post never sends the visitor off-site (redirectTo %j)",
    async (redirectTo) => {
      const response = await target
        .visitor()
        .postForm("/cart", { intent: "add", productId: "no-such-product", quantity: "1", redirectTo });
      expectStaysHere(response);
    },
  );

  it.each(EVIL_TARGETS)(
    "the two-factor step keeps only a local target (redirectTo %j)",
    async (redirectTo) => {
      const response = await target.visitor().get(`/auth/two-factor?${new URLSearchParams({ redirectTo })}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      const value = html.match(/name="redirectTo" value="([^"]*)"/)?.[1];
      expect(value).toBe("/");
    },
  );

  it("a local target with a query still works", async () => {
    const response = await target
      .visitor()
      .postForm("/cart", { intent: "add", productId: "x", quantity: "1", redirectTo: "/products?page=2" });
    expect(response.headers.get("location")).toBe("/products?page=2");
  });
});
