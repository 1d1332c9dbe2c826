import { describe, expect, it } from "vitest";
import { setupTarget } from "./support.ts";

const target = setupTarget();
// A shop served over https with S3 media: HSTS on, the bucket allowed for images and videos.
const httpsShop = setupTarget({
  env: {
    PUBLIC_URL: "https://shop.example",
    S3_BUCKET: "shop-media",
    S3_ACCESS_KEY_ID: "key",
    S3_SECRET_ACCESS_KEY: "secret",
    S3_PUBLIC_URL: "https://media.shop.example",
  },
});

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | null) {
  expect(header).toBeTruthy();
  return Object.fromEntries(
    header!.split(";").map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name!, values];
    }),
  );
}

describe("security headers", () => {
  it.each([
    "/",
    "/products",
    "/admin/login",
    "/no-such-page",
    "/healthz",
    "/favicon.svg",
    "/api/auth/get-session",
  ])("%s carries the headers", async (path) => {
    const response = await target.visitor().get(path);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    const csp = directives(response.headers.get("content-security-policy"));
    expect(csp["frame-ancestors"]).toEqual(["'none'"]);
    expect(csp["object-src"]).toEqual(["'none'"]);
    // Plain http: no HSTS (it would pin a name that has no certificate).
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });

  it("allows only this origin's scripts and inline scripts carrying this response's nonce", async () => {
    const [first, second] = await Promise.all([target.visitor().get("/"), target.visitor().get("/")]);
    const scriptSrc = directives(first.headers.get("content-security-policy"))["script-src"] ?? [];
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    const nonce = scriptSrc.find((v: string) => v.startsWith("'nonce-"))?.slice(7, -1);
    expect(nonce).toMatch(/^[A-Za-z0-9+/=]{16,}$/);
    const secondNonce = directives(second.headers.get("content-security-policy"))["script-src"]?.find(
      (v: string) => v.startsWith("'nonce-"),
    );
    expect(secondNonce).not.toBe(`'nonce-${nonce}'`);
    // Every executable inline script of the page carries it (JSON-LD data blocks do not run).
    const html = await first.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
    const executable = scripts.filter((attrs) => !/type="application\/ld\+json"/.test(attrs));
    expect(executable.length).toBeGreaterThan(0);
    for (const attrs of executable) expect(attrs).toContain(`nonce="${nonce}"`);
  });

  it("lets a no-JS checkout post be redirected to the payment providers' pages", async () => {
    const response = await target.visitor().get("/checkout");
    const formAction = directives(response.headers.get("content-security-policy"))["form-action"];
    expect(formAction).toEqual(
      expect.arrayContaining(["'self'", "https://checkout.stripe.com", "https://www.paypal.com"]),
    );
  });

  it("sends HSTS when PUBLIC_URL is https and allows the S3 media host", async () => {
    const response = await httpsShop.visitor().get("/");
    expect(response.headers.get("strict-transport-security")).toMatch(/^max-age=\d{7,}/);
    const csp = directives(response.headers.get("content-security-policy"));
    expect(csp["img-src"]).toContain("https://media.shop.example");
    expect(csp["media-src"]).toContain("https://media.shop.example");
    // Over https, plain-http media would be mixed content: not allowed.
    expect(csp["img-src"]).not.toContain("http:");
  });
});
