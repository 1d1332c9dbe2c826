import { count, eq, isNull, sql } from "drizzle-orm";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct, createVariant, updateOnlyVariant } from "../../tests/factories/catalog.ts";
import { launchBrowser } from "../../tests/support/browser.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { itemObject, parseRss } from "../../tests/support/xml.ts";
import { productVariants } from "../db/schema/index.ts";
import { feedProductPages, googleFeedStream, plainText, xmlText } from "./google-feed.ts";
import { googleFeed, MAX_CONCURRENT_BUILDS } from "./google-feed-cache.ts";

const ORIGIN = "https://shop.example";
let database: TestDatabase;
let browser: Browser;

beforeAll(async () => {
  [database, browser] = await Promise.all([createTestDatabase(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await database?.destroy();
});

const read = (stream: ReadableStream<Uint8Array> | null) => new Response(stream).text();
const feedXml = () => read(googleFeedStream(database.db, ORIGIN));
/** Sets a variant's MPN with the storefront-version triggers off: the version does not move. */
async function changeUnseen(sku: string, mpn: string) {
  const { db } = database;
  await db.execute(sql`alter table product_variants disable trigger user`);
  try {
    await db.update(productVariants).set({ mpn, gtin: null }).where(eq(productVariants.sku, sku));
  } finally {
    await db.execute(sql`alter table product_variants enable trigger user`);
  }
}
const items = async (xml: string) => (await parseRss(browser, xml)).items.map(itemObject);

describe("the Google feed", () => {
  it("has one item per live variant with every field Google asks for", async () => {
    const { db } = database;
    const solo = await createProduct(db, {
      name: "Solo Resin",
      slug: "solo-resin",
      description: "## Pure\n\nSun-dried **resin**, <b>lab tested</b>. [Read more](/validity)",
      imageUrls: ["/uploads/solo-1.jpg", "/uploads/solo-2.jpg", "https://cdn.example/solo-3.jpg"],
    });
    await updateOnlyVariant(db, solo.id, { gtin: "0123456789012", mpn: "M-1", weightGrams: 50 });
    const [soloVariant] = await db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, solo.id));

    const trio = await createProduct(db, {
      name: "Trio Pack",
      slug: "trio-pack",
      imageUrls: ["/uploads/trio.jpg"],
    });
    await updateOnlyVariant(db, trio.id, { compareAtCents: 7999, priceCents: 5999, mpn: "TRIO-30" });
    const big = await createVariant(db, trio, { title: "60g", sku: "TRIO-60", soldOut: true, position: 1 });
    const cdn = await createVariant(db, trio, {
      title: "90g",
      sku: "TRIO-90",
      priceCents: 9999,
      compareAtCents: 9999,
      imageUrl: "https://cdn.example/trio-90.jpg",
      position: 2,
    });
    await createVariant(db, trio, { title: "Old", sku: "TRIO-OLD", archivedAt: new Date(), position: 3 });

    await createProduct(db, {
      name: `Tom & Jerry's <Best> "Resin"\u0007`,
      slug: "tom-and-jerry",
      description: `Bell\u0001 & <script>x</script> 'quoted' ${"x".repeat(6000)}`,
    });

    const xml = await feedXml();
    const parsed = await parseRss(browser, xml);
    expect(parsed.root).toBe("rss 2.0");
    expect(xml).toContain('xmlns:g="http://base.google.com/ns/1.0"');
    expect(parsed.channel).toEqual([
      ["title", "Peak Shilajit"],
      ["link", "https://shop.example/"],
      ["description", "Pure Himalayan shilajit resin, harvested above 16,000 feet"],
    ]);
    const all = parsed.items.map(itemObject);
    expect(all).toHaveLength(5);
    const byId = new Map(all.map((item) => [item["g:id"], item]));

    expect(byId.get(soloVariant!.sku)).toEqual({
      "g:id": "SOLO-RESIN-30G",
      "g:title": "Solo Resin",
      "g:description": "Pure\n\nSun-dried resin, lab tested. Read more",
      "g:link": `https://shop.example/product/solo-resin?variant=${soloVariant!.id}`,
      "g:image_link": "https://shop.example/uploads/solo-1.jpg",
      "g:additional_image_link": [
        "https://shop.example/uploads/solo-2.jpg",
        "https://cdn.example/solo-3.jpg",
      ],
      "g:price": "59.99 USD",
      "g:availability": "in_stock",
      "g:brand": "Peak Shilajit",
      "g:condition": "new",
      "g:shipping_weight": "50 g",
      "g:gtin": "0123456789012",
    });

    const trioFirst = byId.get("TRIO-PACK-30G")!;
    expect(trioFirst).toMatchObject({
      "g:item_group_id": trio.id,
      "g:title": "Trio Pack - 30g",
      "g:image_link": "https://shop.example/uploads/trio.jpg",
      "g:price": "79.99 USD",
      "g:sale_price": "59.99 USD",
      "g:availability": "in_stock",
      "g:mpn": "TRIO-30",
    });
    expect(trioFirst).not.toHaveProperty("g:additional_image_link");
    expect(trioFirst).not.toHaveProperty("g:shipping_weight");
    expect(byId.get("TRIO-60")).toMatchObject({
      "g:item_group_id": trio.id,
      "g:title": "Trio Pack - 60g",
      "g:link": `https://shop.example/product/trio-pack?variant=${big.id}`,
      "g:price": "49.99 USD",
      "g:availability": "out_of_stock",
      "g:identifier_exists": "no",
    });
    // A compare-at price that is not higher is no sale; the variant's own image comes first.
    const ninety = byId.get("TRIO-90")!;
    expect(ninety).toMatchObject({
      "g:price": "99.99 USD",
      "g:image_link": "https://cdn.example/trio-90.jpg",
      "g:additional_image_link": "https://shop.example/uploads/trio.jpg",
      "g:link": `https://shop.example/product/trio-pack?variant=${cdn.id}`,
    });
    expect(ninety).not.toHaveProperty("g:sale_price");
    expect(byId.has("TRIO-OLD")).toBe(false);

    const tricky = byId.get("TOM-AND-JERRY-30G")!;
    expect(tricky["g:title"]).toBe(`Tom & Jerry's <Best> "Resin"`);
    expect(tricky).not.toHaveProperty("g:item_group_id");
    expect(tricky).not.toHaveProperty("g:image_link");
    const description = tricky["g:description"] as string;
    expect(description.startsWith("Bell & x 'quoted' xxx")).toBe(true);
    expect(description).toHaveLength(5000);
    expect(xml).toContain("Tom &amp; Jerry&apos;s &lt;Best&gt; &quot;Resin&quot;</g:title>");
  });

  it("the checker itself refuses XML that is not well formed", async () => {
    await expect(parseRss(browser, "<rss><channel><title>a & b</title></channel></rss>")).rejects.toThrow(
      /not well-formed/,
    );
    await expect(parseRss(browser, "<rss><channel><title>a\u0001</title></channel></rss>")).rejects.toThrow(
      /not well-formed/,
    );
  });

  it("drops what XML forbids and escapes markup; keeps emoji whole", () => {
    expect(xmlText("a\u0000b\u001Fc\uFFFE&<>\"'\tok\n")).toBe("abc&amp;&lt;&gt;&quot;&apos;\tok\n");
    expect(xmlText("x\uD800y 🌿")).toBe("xy 🌿");
    expect(plainText("<p>One</p>\n\n\n\n- two\n> three")).toBe("One\n\ntwo\nthree");
  });

  it("is kept per catalog version and made again after a variant changes", async () => {
    const { db } = database;
    const first = await googleFeed(db, ORIGIN);
    const before = await read(first.open());
    // A change the version does not see (triggers off) shows whether the copy is what answers.
    await changeUnseen("TRIO-90", "UNSEEN-1");
    const again = await googleFeed(db, ORIGIN);
    expect(again.etag).toBe(first.etag);
    expect(await read(again.open())).toBe(before);

    await db.update(productVariants).set({ gtin: "4006381333931" }).where(eq(productVariants.sku, "TRIO-60"));
    const changed = await googleFeed(db, ORIGIN);
    expect(changed.etag).not.toBe(first.etag);
    const after = await read(changed.open());
    expect(after).toContain("<g:gtin>4006381333931</g:gtin>");
    expect(await read((await googleFeed(db, ORIGIN)).open())).toBe(after);
  });

  it("does not keep a copy above its size limit, and still answers in full", async () => {
    const { db } = database;
    await db.update(productVariants).set({ mpn: "BIG" }).where(eq(productVariants.sku, "TRIO-60"));
    const whole = await read((await googleFeed(db, ORIGIN, 100)).open());
    expect(whole.endsWith("</rss>\n")).toBe(true);
    await changeUnseen("TRIO-90", "UNSEEN-2");
    expect(await read((await googleFeed(db, ORIGIN, 100)).open())).toContain("<g:mpn>UNSEEN-2</g:mpn>");
  });

  it("reads at most two feeds from the database at once; a copy is always served", async () => {
    const { db } = database;
    await db
      .update(productVariants)
      .set({ mpn: "BUSY", gtin: null })
      .where(eq(productVariants.sku, "TRIO-60"));
    const feed = await googleFeed(db, ORIGIN);
    const open = Array.from({ length: MAX_CONCURRENT_BUILDS }, () => feed.open()!);
    expect(feed.open()).toBeNull();
    await open[0]!.cancel();
    const next = feed.open()!;
    const whole = await read(next);
    expect(whole).toContain("<g:mpn>BUSY</g:mpn>");
    // Two builds under way again, but the finished copy needs none.
    const blocker = feed.open()!;
    expect(feed.open()).toBeNull();
    expect(await read((await googleFeed(db, ORIGIN)).open())).toBe(whole);
    await Promise.all([open[1]!.cancel(), blocker.cancel()]);
  });

  it("pages through 1,000+ products by id, one item per live variant, none twice", async () => {
    const { db } = database;
    await db.execute(sql`
      with made as (
        insert into products (name, slug, price_cents)
        select 'Bulk ' || n, 'bulk-' || n, 1000 + n from generate_series(1, 1050) as n
        returning id, slug, price_cents
      )
      insert into product_variants (product_id, sku, title, option_values, price_cents)
      select id, upper(slug) || '-30ML', '30ml', array['30ml'], price_cents from made`);
    const [{ live }] = (await db
      .select({ live: count() })
      .from(productVariants)
      .where(isNull(productVariants.archivedAt))) as [{ live: number }];
    expect(live).toBeGreaterThan(1050);

    let pages = 0;
    let last = "";
    for await (const page of feedProductPages(db, 100)) {
      pages++;
      expect(page[0]!.id > last).toBe(true);
      last = page.at(-1)!.id;
    }
    expect(pages).toBe(Math.ceil((1050 + 3) / 100));

    const ids = (await items(await read(googleFeedStream(db, ORIGIN, 100)))).map((item) => item["g:id"]);
    expect(ids).toHaveLength(live);
    expect(new Set(ids).size).toBe(live);
  });
});
