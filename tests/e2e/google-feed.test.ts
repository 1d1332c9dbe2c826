import { describe, expect, it } from "vitest";
import { createProduct, createVariant } from "../factories/catalog.ts";
import { setupE2E } from "../support/browser.ts";
import { itemObject, parseRss } from "../support/xml.ts";

// A catalog of its own: a one-variant product and a three-variant one (four feed items).
const e2e = setupE2E({
  seed: "none",
  prepare: async (db) => {
    await createProduct(db, { name: "Feed Solo & Co", slug: "feed-solo" });
    const trio = await createProduct(db, { name: "Feed Trio", slug: "feed-trio" });
    await createVariant(db, trio, { title: "60g", sku: "FEED-TRIO-60", soldOut: true, position: 1 });
    await createVariant(db, trio, { title: "90g", sku: "FEED-TRIO-90", compareAtCents: 9999, position: 2 });
  },
});

describe("the Google Merchant Center feed", () => {
  it("is well-formed XML with one item per variant, cached and revalidated by its ETag", async () => {
    // Unknown parameters are ignored.
    const response = await fetch(`${e2e.app.url}/feeds/google.xml?utm_source=merchant&x=<>`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=300");
    const etag = response.headers.get("ETag");
    expect(etag).toMatch(/^W\/"feed-/);
    const xml = await response.text();

    const items = (await parseRss(e2e.browser, xml)).items.map(itemObject);
    expect(items.map((item) => item["g:id"]).sort()).toEqual([
      "FEED-SOLO-30G",
      "FEED-TRIO-30G",
      "FEED-TRIO-60",
      "FEED-TRIO-90",
    ]);
    const solo = items.find((item) => item["g:id"] === "FEED-SOLO-30G")!;
    expect(solo["g:title"]).toBe("Feed Solo & Co");
    // Absolute on the configured public origin (the test server's own).
    expect(solo["g:link"]).toMatch(new RegExp(`^${e2e.app.url}/product/feed-solo\\?variant=[0-9a-f-]{36}$`));
    expect(items.find((item) => item["g:id"] === "FEED-TRIO-60")).toMatchObject({
      "g:title": "Feed Trio - 60g",
      "g:availability": "out_of_stock",
    });
    expect(items.find((item) => item["g:id"] === "FEED-TRIO-90")).toMatchObject({
      "g:price": "99.99 USD",
      "g:sale_price": "49.99 USD",
    });

    // The link opens the product page on that variant's URL.
    const page = await e2e.newPage();
    const opened = await page.goto(solo["g:link"] as string);
    expect(opened?.status()).toBe(200);
    await page.getByRole("heading", { level: 1, name: "Feed Solo & Co" }).waitFor();

    // The same copy again, compressed for a client that asks; a 304 for Google's revalidation.
    const again = await fetch(`${e2e.app.url}/feeds/google.xml`, { headers: { "Accept-Encoding": "br" } });
    expect(again.headers.get("Content-Encoding")).toBe("br");
    expect(await again.text()).toBe(xml);
    const unchanged = await fetch(`${e2e.app.url}/feeds/google.xml`, { headers: { "If-None-Match": etag! } });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe("");
  });

  it("answers HEAD with the headers and no body", async () => {
    const response = await fetch(`${e2e.app.url}/feeds/google.xml`, { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(await response.text()).toBe("");
  });
});
