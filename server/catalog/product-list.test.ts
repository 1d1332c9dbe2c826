import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { products } from "../db/schema/index.ts";
import {
  HOME_PRODUCTS,
  listHomeProducts,
  PRODUCTS_PER_PAGE,
  productPage,
  readProductListQuery,
} from "./product-list.ts";

let database: TestDatabase;
const names: string[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  // 53 products (3 pages): "Resin 01" … "Resin 53", created in order, 53 different prices out of order.
  const start = Date.now() - 100 * 60_000;
  for (let i = 1; i <= 53; i++) {
    const name = `Resin ${String(i).padStart(2, "0")}`;
    names.push(name);
    await createProduct(database.db, {
      name,
      priceCents: 1000 + ((i * 37) % 53) * 100,
      createdAt: new Date(start + i * 60_000),
    });
  }
});
afterAll(() => database.destroy());

const query = (params: string) => readProductListQuery(new URLSearchParams(params));
const pageNames = async (params: string) =>
  (await productPage(database.db, query(params))).products.map((p) => p.name);

describe("the /products query string", () => {
  it("never fails on what a visitor can type: defaults instead", () => {
    for (const bad of ["page=0", "page=-3", "page=abc", "page=1.5", "page=1e400", "page=", "sort=cheap"]) {
      expect(query(bad), bad).toEqual({ sort: "name", page: 1, q: "", collection: "", tag: "" });
    }
    expect(
      query("page=7&sort=price-desc&q=%20%20gold%20%20resin%20&collection=%20resin&tag=lab%20tested"),
    ).toEqual({
      sort: "price-desc",
      page: 7,
      q: "gold resin",
      collection: "resin",
      tag: "lab tested",
    });
    // The collection's own order is for collection pages only.
    expect(query("sort=featured").sort).toBe("name");
    expect(query(`q=${"x".repeat(500)}`).q).toHaveLength(100);
    expect(query("page=99999999999999").page).toBe(1);
  });
});

describe("product pages", () => {
  it("pages by name, 24 a page, the last page read from the end of the index", async () => {
    expect(PRODUCTS_PER_PAGE).toBe(24);
    const first = await productPage(database.db, query(""));
    expect(first).toMatchObject({ page: 1, pageCount: 3, total: 53 });
    expect(first.products.map((p) => p.name)).toEqual(names.slice(0, 24));
    expect(await pageNames("page=2")).toEqual(names.slice(24, 48));
    expect(await pageNames("page=3")).toEqual(names.slice(48));
    expect(await pageNames("page=4")).toEqual([]);
    expect((await productPage(database.db, query("page=4"))).pageCount).toBe(3);
  });

  it("sorts by newest and by price both ways, across pages", async () => {
    const all = async (sort: string) => [
      ...(await pageNames(`sort=${sort}`)),
      ...(await pageNames(`sort=${sort}&page=2`)),
      ...(await pageNames(`sort=${sort}&page=3`)),
    ];
    expect(await all("newest")).toEqual([...names].reverse());
    const rows = await database.db.select({ name: products.name, price: products.priceCents }).from(products);
    const byPrice = rows.sort((a, b) => a.price - b.price).map((r) => r.name);
    const ascending = await all("price-asc");
    expect(ascending).toEqual(byPrice);
    expect(await all("price-desc")).toEqual([...ascending].reverse());
  });

  it("searches names, any case, with % and _ taken literally", async () => {
    const found = await productPage(database.db, query("q=resin 1"));
    expect(found.total).toBe(10);
    expect(found.products.map((p) => p.name)).toEqual(names.slice(9, 19));
    expect((await productPage(database.db, query("q=RESIN 53"))).products.map((p) => p.name)).toEqual([
      "Resin 53",
    ]);
    expect((await productPage(database.db, query("q=%"))).total).toBe(0);
    expect((await productPage(database.db, query("q=Resin _1"))).total).toBe(0);
  });

  it("sees a new product at once (the cached count follows the storefront version)", async () => {
    expect((await productPage(database.db, query(""))).total).toBe(53);
    const extra = await createProduct(database.db, { name: "Resin 54" });
    expect((await productPage(database.db, query("page=3"))).products.at(-1)?.name).toBe("Resin 54");
    expect((await productPage(database.db, query(""))).total).toBe(54);
    await database.db.execute(sql`delete from ${products} where ${products.id} = ${extra.id}`);
    expect((await productPage(database.db, query(""))).total).toBe(53);
  });
});

describe("the home grid", () => {
  it("shows featured products first, then the newest, 8 in all", async () => {
    expect(HOME_PRODUCTS).toBe(8);
    expect((await listHomeProducts(database.db)).map((p) => p.name)).toEqual(names.slice(-8).reverse());
    await database.db
      .update(products)
      .set({ featured: true })
      .where(sql`${products.name} in ('Resin 01', 'Resin 02')`);
    expect((await listHomeProducts(database.db)).map((p) => p.name)).toEqual([
      "Resin 02",
      "Resin 01",
      ...names.slice(-6).reverse(),
    ]);
  });
});
