import { describe, expect, it } from "vitest";
import { setupTarget } from "../security/support.ts";
import { testAdmin } from "../support/e2e-helpers.ts";

/**
 * The rendered-page cache (server/http/page-cache.ts) over the wire: anonymous copies of content
 * pages are answered from memory until the shop's content changes; nothing personal is cached.
 */
const target = setupTarget({ env: { ADMIN_EMAIL: testAdmin.email, ADMIN_PASSWORD: testAdmin.password } });

describe("rendered-page cache", () => {
  it("answers the second anonymous request from the cache with the same page, policy and ETag", async () => {
    const path = `/products?q=shilajit&cache=${Date.now()}`;
    const first = await target.visitor().get(path);
    expect(first.status).toBe(200);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    const second = await target.visitor().get(path, { headers: { "Accept-Encoding": "br" } });
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(second.headers.get("content-encoding")).toBe("br");
    expect(await second.text()).toBe(await first.clone().text());
    for (const name of ["etag", "content-security-policy", "cache-control", "content-type"]) {
      expect(second.headers.get(name), name).toBe(first.headers.get(name));
    }
    expect(second.headers.get("content-security-policy")).toMatch(/'sha256-/);
    expect(second.headers.get("vary")).toMatch(/cookie/i);
    expect(second.headers.get("x-request-id")).toBeTruthy();
    expect(second.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));

    const unchanged = await target
      .visitor()
      .get(path, { headers: { "If-None-Match": first.headers.get("etag")! } });
    expect(unchanged.status).toBe(304);
    const unchangedBrotli = await target.visitor().get(path, {
      headers: { "If-None-Match": first.headers.get("etag")!, "Accept-Encoding": "br" },
    });
    expect(unchangedBrotli.status).toBe(304);
    expect(unchangedBrotli.headers.get("etag")).toBe(first.headers.get("etag"));
    const gzip = await target.visitor().get(path, { headers: { "Accept-Encoding": "gzip" } });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(await gzip.text()).toBe(await first.clone().text());
  });

  it("answers HEAD from the cache with the GET answer's headers and no body", async () => {
    await target.visitor().get("/about");
    const head = await target.visitor().request("HEAD", "/about", undefined);
    expect(head.status).toBe(200);
    expect(head.headers.get("x-page-cache")).toBe("hit");
    expect(head.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await head.text()).toBe("");
  });

  it("never answers a request with a cookie from the cache, nor stores its page", async () => {
    const path = `/blog?cookie=${Date.now()}`;
    const withCookie = target.visitor();
    withCookie.cookies.set("cart_id", "not-a-real-cart");
    const personal = await withCookie.get(path);
    expect(personal.status).toBe(200);
    expect(personal.headers.get("x-page-cache")).toBeNull();
    expect(personal.headers.get("cache-control")).toBe("private, no-cache");
    expect((await target.visitor().get(path)).headers.get("x-page-cache")).toBe("miss");
    expect((await target.visitor().get(path)).headers.get("x-page-cache")).toBe("hit");
    expect((await withCookie.get(path)).headers.get("x-page-cache")).toBeNull();
  });

  it("keeps product pages out (they count views)", async () => {
    const path = "/product/pure-himalayan-shilajit-resin";
    await target.visitor().get(path);
    expect((await target.visitor().get(path)).headers.get("x-page-cache")).toBeNull();
  });

  it("shows an admin's new testimonial on the next anonymous request of a cached home page", async () => {
    await target.visitor().get("/");
    expect((await target.visitor().get("/")).headers.get("x-page-cache")).toBe("hit");

    const admin = target.visitor();
    const signIn = await admin.postForm("/admin/login", {
      email: testAdmin.email,
      password: testAdmin.password,
    });
    expect(signIn.status).toBe(302);
    const name = `Cache Tester ${Date.now()}`;
    const saved = await admin.postForm("/admin/testimonials", {
      name,
      title: "",
      content: "Seen on the very next request.",
      rating: "5",
      imageUrl: "",
      mediaType: "none",
      mediaUrl: "",
      active: "on",
    });
    expect(saved.status).toBe(302);

    const home = await target.visitor().get("/");
    expect(home.headers.get("x-page-cache")).toBe("miss");
    expect(await home.text()).toContain(name);
  });
});
