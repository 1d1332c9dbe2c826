import { describe, expect, it } from "vitest";
// Here, not beside secret-links.ts: it reads the route table (app/), which server/ never imports.
import routes from "../../app/routes.ts";
import { redactSecretLinks, secretLinkReferrerPolicy } from "../../server/observability/secret-links.ts";

describe("redactSecretLinks", () => {
  it("replaces the token of every secret link, keeping the route and its .data suffix", () => {
    const cases: [string, string][] = [
      ["/order-status/AbC_-123xyz", "/order-status/:token"],
      ["/order-status/AbC_-123xyz.data", "/order-status/:token.data"],
      ["/ORDER-STATUS/AbC123/", "/ORDER-STATUS/:token/"],
      ["/sandbox/pay/3f1c2d8e-0000-4000-8000-000000000000", "/sandbox/pay/:token"],
      ["/sandbox/paypal/3f1c2d8e.data", "/sandbox/paypal/:token.data"],
      ["/cart/restore/r3st0re", "/cart/restore/:token"],
      ["/unsubscribe/eyJhIjoxfQ.c2ln", "/unsubscribe/:token"],
      ["/newsletter/confirm/eyJhIjoxfQ.c2ln.data", "/newsletter/confirm/:token.data"],
      [
        "/api/auth/reset-password/tok123?callbackURL=/auth",
        "/api/auth/reset-password/:token?callbackURL=/auth",
      ],
      [
        "/api/auth/verify-email?token=abc.def&callbackURL=/",
        "/api/auth/verify-email?token=:token&callbackURL=/",
      ],
      ["/auth?mode=reset&token=s3cr3t", "/auth?mode=reset&token=:token"],
      ["/payment-success?session_id=cs_test_1", "/payment-success?session_id=:token"],
      [
        'fetch failed for "http://shop.test/order-status/abc123" (see /order-status/abc123.data)',
        'fetch failed for "http://shop.test/order-status/:token" (see /order-status/:token.data)',
      ],
    ];
    for (const [raw, redacted] of cases) expect(redactSecretLinks(raw), raw).toBe(redacted);
  });

  it("leaves other paths alone", () => {
    for (const path of [
      "/products/peak-shilajit",
      "/orders/3f1c2d8e",
      "/admin/orders?page=2",
      "/order-status",
    ])
      expect(redactSecretLinks(path)).toBe(path);
  });

  it("covers every route whose URL carries a token or a payment session", () => {
    const paths: string[] = [];
    const walk = (list: { path?: string; children?: unknown[] }[], prefix: string) => {
      for (const route of list) {
        const path = route.path ? `${prefix}/${route.path}` : prefix;
        paths.push(path);
        walk((route.children ?? []) as typeof list, path);
      }
    };
    walk(routes as { path?: string; children?: unknown[] }[], "");
    const secret = paths.filter((p) => /:(token|sessionId)\b/.test(p));
    expect(secret.length).toBeGreaterThan(3);
    for (const path of secret) {
      const real = path.replace(/:(token|sessionId)\b/, "s3cr3tvalue");
      expect(redactSecretLinks(real), path).not.toContain("s3cr3tvalue");
    }
  });
});

describe("secretLinkReferrerPolicy", () => {
  it("keeps a secret page's URL from other sites (and from every page when it posts to no one)", () => {
    expect(secretLinkReferrerPolicy("/order-status/abc")).toBe("no-referrer");
    expect(secretLinkReferrerPolicy("/Order-Status/abc.data")).toBe("no-referrer");
    expect(secretLinkReferrerPolicy("/cart/restore/abc")).toBe("no-referrer");
    expect(secretLinkReferrerPolicy("/api/auth/verify-email")).toBe("no-referrer");
    expect(secretLinkReferrerPolicy("/unsubscribe/abc")).toBe("same-origin");
    expect(secretLinkReferrerPolicy("/sandbox/pay/abc")).toBe("same-origin");
    expect(secretLinkReferrerPolicy("/products/abc")).toBeNull();
    expect(secretLinkReferrerPolicy("/order-status")).toBeNull();
  });
});
