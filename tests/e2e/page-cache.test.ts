import { describe, expect, it, vi } from "vitest";
import { setupTarget } from "../security/support.ts";
import { testAdmin } from "../support/e2e-helpers.ts";

/**
 * The rendered-page cache (server/http/page-cache.ts) over the wire: anonymous copies of content
 * pages are answered from memory until the shop's content changes; nothing personal is cached.
 */
const target = setupTarget({ env: { ADMIN_EMAIL: testAdmin.email, ADMIN_PASSWORD: testAdmin.password } });

const goldSlug = "gold-grade-shilajit-resin";
const asPerson = { headers: { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36" } };
const asBot = { headers: { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1)" } };

/** The "N views" a product page shows. */
function shownViews(html: string) {
  const match = html.match(/([\d,]+)<!-- --> <!-- -->views?/);
  return Number(match?.[1]?.replace(/,/g, ""));
}

/**
 * The product's count as it stands: a request carrying a flash toast gets a fresh render (never a
 * copy: the toast is shown by that render), and as a bot the read counts no view.
 */
async function liveViewCount() {
  const reader = target.visitor();
  reader.cookies.set("flash-toast", "1");
  const page = await reader.get(`/product/${goldSlug}`, asBot);
  expect(page.headers.get("x-page-cache")).toBeNull();
  return shownViews(await page.text());
}

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

  it("answers a browser with cookies from the same copy, marked for its own part and private", async () => {
    const path = `/blog?cookie=${Date.now()}`;
    const withCookie = target.visitor();
    withCookie.cookies.set("cart_id", "not-a-real-cart");
    const first = await withCookie.get(path);
    expect(first.status).toBe(200);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    expect(first.headers.get("cache-control")).toBe("private, no-cache");
    expect(await first.text()).toContain('<meta name="personal-part" content="pending">');
    // Its render was the anonymous one, so it was stored for everyone.
    const anonymous = await target.visitor().get(path);
    expect(anonymous.headers.get("x-page-cache")).toBe("hit");
    expect(await anonymous.text()).not.toContain('name="personal-part"');
    const again = await withCookie.get(path, { headers: { "Accept-Encoding": "br" } });
    expect(again.headers.get("x-page-cache")).toBe("hit");
    expect(again.headers.get("content-encoding")).toBe("br");
    expect(await again.text()).toContain('name="personal-part"');
  });

  it("answers a product page from memory for a moment, each hit by a person counting a view", async () => {
    const path = `/product/${goldSlug}?views=${Date.now()}`;
    const before = await liveViewCount();
    const first = await target.visitor().get(path, asPerson);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    const firstHtml = await first.text();
    expect(shownViews(firstHtml)).toBe(before + 1);
    const hit = await target.visitor().get(path, asPerson);
    expect(hit.headers.get("x-page-cache")).toBe("hit");
    expect(await hit.text()).toBe(firstHtml);
    const byBot = await target.visitor().get(path, asBot);
    expect(byBot.headers.get("x-page-cache")).toBe("hit");
    // The miss and the person's hit are counted, the bot's hit is not.
    expect(await liveViewCount()).toBe(before + 2);

    // The copy (and the count in it) is rendered again once PRODUCT_PAGE_TTL_MS has passed.
    const shown = await vi.waitFor(
      async () => {
        const count = shownViews(await (await target.visitor().get(path, asBot)).text());
        expect(count).toBeGreaterThan(before + 1);
        return count;
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(shown).toBe(await liveViewCount());
  });

  it("renders a page once for requests that arrive together, and counts each person's view", async () => {
    const path = `/product/${goldSlug}?together=${Date.now()}`;
    const before = await liveViewCount();
    const answers = await Promise.all(Array.from({ length: 8 }, () => target.visitor().get(path, asPerson)));
    const states = answers.map((answer) => answer.headers.get("x-page-cache"));
    expect(states.filter((state) => state === "miss")).toHaveLength(1);
    expect(states.filter((state) => state === "hit")).toHaveLength(7);
    const bodies = new Set(await Promise.all(answers.map((answer) => answer.text())));
    expect(bodies.size).toBe(1);
    expect(await liveViewCount()).toBe(before + 8);
  });

  it("keeps no copy of a missing product nor of the redirect from a product id", async () => {
    const missing = `/product/no-such-product-${Date.now()}`;
    for (let i = 0; i < 2; i++) {
      const page = await target.visitor().get(missing, asPerson);
      expect(page.status).toBe(404);
      expect(page.headers.get("x-page-cache")).toBeNull();
    }
    const html = await (await target.visitor().get(`/product/${goldSlug}`)).text();
    const productId = html.match(/name="productId" value="([\w-]+)"/)![1]!;
    for (let i = 0; i < 2; i++) {
      const redirect = await target.visitor().get(`/product/${productId}`, asPerson);
      expect(redirect.status).toBe(302);
      expect(redirect.headers.get("x-page-cache")).toBeNull();
    }
  });

  it("never keeps a visitor's cart in the product page copy, nor shows it to them from one", async () => {
    const path = `/product/${goldSlug}?cart=${Date.now()}`;
    const shopper = target.visitor();
    const page = await shopper.get(`/product/${goldSlug}`);
    const productId = (await page.text()).match(/name="productId" value="([\w-]+)"/)![1]!;
    const added = await shopper.postForm("/cart", {
      intent: "add",
      productId,
      quantity: "2",
      redirectTo: path,
    });
    expect(added.status).toBe(302);
    // The page after the add carries its toast, so it is rendered for the shopper.
    const theirs = await shopper.get(path, asPerson);
    expect(theirs.headers.get("x-page-cache")).toBeNull();
    expect(theirs.headers.get("cache-control")).toBe("private, no-cache");
    expect(await theirs.text()).toContain("Cart (2 items)");

    const anonymous = await target.visitor().get(path, asPerson);
    expect(anonymous.headers.get("x-page-cache")).toBe("miss");
    expect(await anonymous.text()).not.toContain("2 items");
    expect((await target.visitor().get(path, asPerson)).headers.get("x-page-cache")).toBe("hit");
    // Later the shopper gets the shared copy too; their cart comes with the part they ask for.
    const later = await shopper.get(path, asPerson);
    expect(later.headers.get("x-page-cache")).toBe("hit");
    expect(await later.text()).not.toContain("2 items");
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
