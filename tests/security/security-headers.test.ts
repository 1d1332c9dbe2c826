import { createHash } from "node:crypto";
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
function directives(header: string | null): Record<string, string[]> {
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

  it("gives a visitor's page a fresh nonce that every inline script carries, and nothing else inline", async () => {
    // A page rendered for a visitor with a cookie (not a shared copy, decision 056) has a
    // per-request nonce.
    const visit = () => target.visitor().get("/contact", { headers: { Cookie: "cart_id=none" } });
    const [first, second] = await Promise.all([visit(), visit()]);
    const scriptSrc = directives(first.headers.get("content-security-policy"))["script-src"] ?? [];
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(scriptSrc.some((v) => v.startsWith("'sha256-"))).toBe(false);
    const nonce = scriptSrc.find((v: string) => v.startsWith("'nonce-"))?.slice(7, -1);
    expect(nonce).toMatch(/^[A-Za-z0-9+/=]{16,}$/);
    const secondNonce = directives(second.headers.get("content-security-policy"))["script-src"]?.find((v) =>
      v.startsWith("'nonce-"),
    );
    expect(secondNonce).toMatch(/^'nonce-/);
    expect(secondNonce).not.toBe(`'nonce-${nonce}'`);
    // Every executable inline script of the page carries it (JSON-LD data blocks do not run).
    const scripts = executableInlineScripts(await first.text());
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script.attributes).toContain(`nonce="${nonce}"`);
  });

  it("allows a shared anonymous page's inline scripts by hash only: no nonce, the same policy for every copy", async () => {
    const [first, second] = await Promise.all([target.visitor().get("/"), target.visitor().get("/")]);
    const policy = first.headers.get("content-security-policy");
    expect(second.headers.get("content-security-policy")).toBe(policy);
    const scriptSrc = directives(policy)["script-src"] ?? [];
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc.some((v) => v.startsWith("'nonce-"))).toBe(false);
    const scripts = executableInlineScripts(await first.text());
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      expect(script.attributes).not.toContain("nonce=");
      expect(scriptSrc).toContain(`'sha256-${createHash("sha256").update(script.body).digest("base64")}'`);
    }
    // A script smuggled into the address is not among the allowed ones.
    const injected = "alert(1)";
    expect(scriptSrc).not.toContain(`'sha256-${createHash("sha256").update(injected).digest("base64")}'`);
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

/** The inline scripts that run (not JSON-LD data blocks), with their attributes and text. */
function executableInlineScripts(html: string) {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .map((m) => ({ attributes: m[1]!, body: m[2]! }))
    .filter((s) => !/\bsrc=/.test(s.attributes) && !/type="application\/ld\+json"/.test(s.attributes));
}
