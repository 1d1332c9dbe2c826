import { describe, expect, it } from "vitest";
import { createTestimonial } from "../factories/index.ts";
import { expectNoSeriousA11yViolations } from "../support/axe.ts";
import { setupE2E } from "../support/browser.ts";
import { metaContent, waitForHydration } from "../support/page.ts";

// An image host that refuses connections: its image fails in the browser.
const BROKEN_EXTERNAL = "http://127.0.0.1:9/broken.jpg";

const e2e = setupE2E({
  prepare: async (db) => {
    await createTestimonial(db, {
      name: "Broken Photo Reviewer",
      mediaType: "image",
      mediaUrl: BROKEN_EXTERNAL,
      createdAt: new Date(Date.now() + 3_600_000),
    });
  },
});

const pages = [
  { path: "/", title: "Peak Shilajit | Pure Himalayan Shilajit Resin" },
  { path: "/about", title: "About Us | Peak Shilajit" },
  { path: "/contact", title: "Contact Us | Peak Shilajit" },
  { path: "/blog", title: "Blog | Peak Shilajit" },
  { path: "/validity", title: "Product Validity Check | Peak Shilajit" },
  {
    path: "/blog/what-is-shilajit-a-beginners-guide-to-himalayan-resin",
    title: "What Is Shilajit? Beginner's Guide | Peak Shilajit",
  },
];

describe("SEO", () => {
  it("gives every page a title, description, canonical URL and sharing tags", async () => {
    const page = await e2e.newPage();
    for (const { path, title } of pages) {
      await page.goto(path);
      expect(await page.title(), path).toBe(title);
      const description = await metaContent(page, "description");
      expect(description?.length, path).toBeGreaterThan(50);
      expect(description!.length, path).toBeLessThanOrEqual(160);
      expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${e2e.app.url}${path}`);
      expect(await metaContent(page, "og:title")).toBe(title);
      expect(await metaContent(page, "og:url")).toBe(`${e2e.app.url}${path}`);
      expect(await metaContent(page, "twitter:card")).toMatch(/^summary/);
    }
  });

  it("describes the shop as an Organization on the home page", async () => {
    const page = await e2e.newPage();
    await page.goto("/");
    // The home page also has the WebSite block (its search box, tests/e2e/search.test.ts).
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const jsonLd = blocks.map((text) => JSON.parse(text)).find((block) => block["@type"] === "Organization");
    expect(jsonLd).toMatchObject({ "@type": "Organization", name: "Peak Shilajit", url: e2e.app.url });
  });

  it("serves sitemap.xml with static pages, products and published posts only", async () => {
    const response = await fetch(`${e2e.app.url}/sitemap.xml`);
    expect(response.headers.get("content-type")).toContain("application/xml");
    const xml = await response.text();
    for (const path of ["/", "/products", "/blog", "/about", "/contact", "/validity"]) {
      expect(xml).toContain(`<loc>${e2e.app.url}${path}</loc>`);
    }
    expect(xml).toContain(`<loc>${e2e.app.url}/product/pure-himalayan-shilajit-resin</loc>`);
    expect(xml).toContain(`<loc>${e2e.app.url}/product/summit-reserve-shilajit-resin</loc>`);
    expect(xml).toContain(`<loc>${e2e.app.url}/blog/lab-tested-how-we-verify-every-batch</loc>`);
    expect(xml).not.toContain("30-days-of-shilajit");
  });

  it("has no sitemap parts for a catalog that fits one file, and no error for a made-up part", async () => {
    for (const file of ["1.xml", "0.xml", "01.xml", "-1.xml", "abc.xml", "9999999999999999999999.xml", "1"]) {
      const response = await fetch(`${e2e.app.url}/sitemap/${file}`);
      expect(response.status, file).toBe(404);
      expect(await response.text()).toBe("No such sitemap.\n");
    }
  });

  it("serves robots.txt that keeps crawlers out of private areas", async () => {
    const response = await fetch(`${e2e.app.url}/robots.txt`);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const text = await response.text();
    for (const path of ["/admin", "/checkout", "/cart", "/orders", "/auth"]) {
      expect(text).toContain(`Disallow: ${path}\n`);
    }
    expect(text).toContain(`Sitemap: ${e2e.app.url}/sitemap.xml`);
  });
});

describe("images", () => {
  it("serves cached WebP variants of uploads at the allowed widths only, never outside uploads", async () => {
    const first = await fetch(`${e2e.app.url}/images/640/blog-harvest.webp`);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/webp");
    expect(first.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const bytes = Buffer.from(await first.arrayBuffer());
    expect(bytes.subarray(8, 12).toString()).toBe("WEBP");
    const again = Buffer.from(
      await (await fetch(`${e2e.app.url}/images/640/blog-harvest.webp`)).arrayBuffer(),
    );
    expect(again.equals(bytes)).toBe(true);
    for (const path of [
      "/images/641/blog-harvest.webp",
      "/images/640/missing.webp",
      "/images/640/..%2F..%2Fpackage.json",
      "/images/640/%2e%2e/auth-secret",
      "/images/640/testimonial-video.webm",
    ]) {
      expect((await fetch(`${e2e.app.url}${path}`)).status, path).toBe(404);
    }
  });

  it("renders responsive images with sizes, dimensions, lazy loading and an eager main image", async () => {
    const page = await e2e.newPage();
    await page.goto("/blog/how-to-take-shilajit-resin-dosage-timing-and-tips");
    const main = page.getByRole("article").locator("img").first();
    expect(await main.getAttribute("srcset")).toBe(
      "/images/320/blog-tea.webp 320w, /images/640/blog-tea.webp 640w, /images/960/blog-tea.webp 960w, /uploads/blog-tea.webp 1200w",
    );
    expect(await main.getAttribute("width")).toBe("1200");
    expect(await main.getAttribute("height")).toBe("630");
    expect(await main.getAttribute("loading")).toBe("eager");
    expect(await main.getAttribute("fetchpriority")).toBe("high");
    await expect
      .poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);

    await page.goto("/");
    const certificate = page.getByRole("img", { name: "Certificate 1" });
    expect(await certificate.getAttribute("loading")).toBe("lazy");
    expect(await certificate.getAttribute("width")).toBe("900");
    expect(await certificate.getAttribute("height")).toBe("1240");
    expect(await certificate.getAttribute("sizes")).toBeTruthy();
    // The home page's first paint is the text hero: no image below it may take priority.
    expect(await page.locator('img[fetchpriority="high"], link[rel="preload"][as="image"]').count()).toBe(0);
  });

  it("falls back to the placeholder when an image fails to load", async () => {
    const page = await e2e.newPage();
    await page.goto("/");
    await waitForHydration(page);
    const photo = page.getByRole("img", { name: "Photo shared by Broken Photo Reviewer" });
    await photo.scrollIntoViewIfNeeded();
    await expect.poll(() => photo.getAttribute("src")).toBe("/placeholder.svg");
    await expectNoSeriousA11yViolations(page);
  });
});
