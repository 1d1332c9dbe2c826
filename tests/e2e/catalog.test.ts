import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "../support/axe.ts";
import { setupE2E } from "../support/browser.ts";
import { metaContent } from "../support/page.ts";
import { humanUserAgent, openStorePage } from "../support/store.ts";

// Demo data: four products, "Summit Reserve Shilajit Resin" sold out.
const e2e = setupE2E();

const gold = { name: "Gold Grade Shilajit Resin", slug: "gold-grade-shilajit-resin", price: "$89.99" };

/** The count a fresh render shows: with a cookie, never the anonymous copy (tests/e2e/page-cache.test.ts). */
async function viewCount(path: string, userAgent: string) {
  // A page carrying a flash toast is always rendered for its request, never the shared copy.
  const headers = { "User-Agent": userAgent, Cookie: "flash-toast=1" };
  const html = await (await fetch(`${e2e.app.url}${path}`, { headers })).text();
  const match = html.match(/([\d,]+)<!-- --> <!-- -->views?/) ?? html.match(/([\d,]+) views?/);
  return Number(match?.[1]?.replace(/,/g, ""));
}

describe("catalog", () => {
  it("shows every product in the grid with image, name, price, weight and SOLD OUT", async () => {
    const page = await e2e.newPage();
    await openStorePage(page, "/products");
    await page.getByRole("heading", { level: 1, name: "Our Products" }).waitFor();
    expect(await page.getByRole("main").getByText("unique batch number").count()).toBe(1);
    const cards = page.getByRole("main").getByRole("listitem");
    expect(await cards.count()).toBe(4);
    const names = await page.getByRole("main").getByRole("heading", { level: 2 }).allInnerTexts();
    expect(names).toEqual([
      "Gold Grade Shilajit Resin",
      "Liquid Shilajit Drops",
      "Pure Himalayan Shilajit Resin",
      "Summit Reserve Shilajit Resin",
    ]);
    const goldCard = cards.filter({ hasText: gold.name });
    const goldText = await goldCard.innerText();
    expect(goldText).toContain(gold.price);
    expect(goldText).toContain("30g");
    expect(goldText).not.toContain("SOLD OUT");
    // The card's picture is decorative (the name next to it is the link text), so no img role.
    const src = await goldCard.locator("img").first().getAttribute("src");
    expect(src).toMatch(/^\/uploads\/product-gold-grade-1\.webp$/);

    const soldOutCard = cards.filter({ hasText: "Summit Reserve" });
    expect(await soldOutCard.getByText("SOLD OUT").count()).toBeGreaterThan(0);
    expect(await soldOutCard.getByRole("button", { name: "SOLD OUT" }).isDisabled()).toBe(true);
    expect(await soldOutCard.getByRole("button", { name: /^Add to Cart/ }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page, "/products");

    await goldCard.getByRole("link", { name: gold.name }).click();
    await page.waitForURL(`**/product/${gold.slug}`);
    await page.getByRole("heading", { level: 1, name: gold.name }).waitFor();
  });

  it("renders the product screen under /product/{slug} and /products/{slug}", async () => {
    const page = await e2e.newPage();
    for (const prefix of ["/product/", "/products/"]) {
      const response = await openStorePage(page, `${prefix}${gold.slug}`);
      expect(response?.status()).toBe(200);
      const main = page.getByRole("main");
      await main.getByRole("heading", { level: 1, name: gold.name }).waitFor();
      const text = await main.innerText();
      expect(text).toContain(gold.price);
      expect(text).toContain("30g");
      expect(text).toContain("highest-altitude harvests");
      expect(text).toMatch(/\d+ views/);
      for (const tag of ["resin", "premium", "gold grade"]) {
        await main.getByRole("list", { name: "Tags" }).getByText(tag, { exact: true }).waitFor();
      }
      await main.getByRole("button", { name: "Add to Cart" }).waitFor();
      await main.getByRole("link", { name: "Back to Products" }).waitFor();
    }
    expect(await page.title()).toContain(gold.name);
    expect(await metaContent(page, "keywords")).toBe("gold grade shilajit, premium shilajit, shilajit resin");
    await expectNoSeriousA11yViolations(page, "product page");
    await page.getByRole("link", { name: "Back to Products" }).click();
    await page.waitForURL("**/products");
  });

  it("redirects a product id to the slug URL", async () => {
    const page = await e2e.newPage();
    await openStorePage(page, `/product/${gold.slug}`);
    const id = await page.locator('input[name="productId"]').getAttribute("value");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const direct = await fetch(`${e2e.app.url}/product/${id}`, { redirect: "manual" });
    expect(direct.status).toBe(302);
    expect(direct.headers.get("location")).toBe(`/product/${gold.slug}`);
    const plural = await fetch(`${e2e.app.url}/products/${id}`, { redirect: "manual" });
    expect(plural.headers.get("location")).toBe(`/products/${gold.slug}`);

    await page.goto(`/product/${id}`);
    await page.waitForURL(`**/product/${gold.slug}`);
    await page.getByRole("heading", { level: 1, name: gold.name }).waitFor();
  });

  it("answers a missing product with 'Product not found' and HTTP 404", async () => {
    const page = await e2e.newPage();
    for (const path of ["/product/no-such-resin", `/products/${crypto.randomUUID()}`]) {
      const response = await openStorePage(page, path);
      expect(response?.status()).toBe(404);
      await page.getByRole("heading", { name: "Product not found" }).waitFor();
    }
    await page.getByRole("link", { name: "Back to Products" }).click();
    await page.waitForURL("**/products");
  });

  it("shows a sold-out product as SOLD OUT without Add to Cart", async () => {
    const page = await e2e.newPage();
    await openStorePage(page, "/product/summit-reserve-shilajit-resin");
    const main = page.getByRole("main");
    expect(await main.getByRole("button", { name: "SOLD OUT" }).isDisabled()).toBe(true);
    expect(await main.getByRole("button", { name: "Add to Cart" }).count()).toBe(0);
  });

  it("moves through the images with thumbnails, buttons, arrow keys and swipes", async () => {
    const page = await e2e.newPage("mobile");
    await openStorePage(page, `/product/${gold.slug}`);
    const main = page.getByRole("main");
    const current = () => main.getByRole("img", { name: /image \d of 3/ }).getAttribute("alt");
    expect(await current()).toBe(`${gold.name}, image 1 of 3`);
    await main.getByRole("button", { name: "Show image 3 of 3" }).click();
    expect(await current()).toBe(`${gold.name}, image 3 of 3`);
    expect(await main.getByRole("button", { name: "Show image 3 of 3" }).getAttribute("aria-current")).toBe(
      "true",
    );
    await main.getByRole("button", { name: "Next image" }).click();
    expect(await current()).toBe(`${gold.name}, image 1 of 3`);

    const gallery = main.getByRole("region", { name: `${gold.name} images` }).locator('[tabindex="0"]');
    await gallery.focus();
    await page.keyboard.press("ArrowRight");
    expect(await current()).toBe(`${gold.name}, image 2 of 3`);
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    expect(await current()).toBe(`${gold.name}, image 3 of 3`);

    // A right-to-left swipe shows the next image.
    await gallery.evaluate((el) => {
      const touch = (x: number) => new Touch({ identifier: 1, target: el, clientX: x, clientY: 200 });
      el.dispatchEvent(new TouchEvent("touchstart", { bubbles: true, touches: [touch(300)] }));
      el.dispatchEvent(new TouchEvent("touchend", { bubbles: true, changedTouches: [touch(120)] }));
    });
    expect(await current()).toBe(`${gold.name}, image 1 of 3`);
  });

  it("counts a view per page view by a person, not by bots", async () => {
    const path = `/product/${gold.slug}`;
    const before = await viewCount(path, humanUserAgent);
    expect(before).toBeGreaterThan(0);
    expect(await viewCount(path, humanUserAgent)).toBe(before + 1);
    expect(
      await viewCount(path, "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"),
    ).toBe(before + 1);
    expect(await viewCount(path, humanUserAgent)).toBe(before + 2);
  });
});
