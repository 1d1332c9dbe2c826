import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCollection, createProduct, createVariant } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { FEW_MATCHES, listAdminProductPage, readAdminProductListQuery } from "./admin-product-list.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const list = (query: string) =>
  listAdminProductPage(database.db, readAdminProductListQuery(new URLSearchParams(query)));
const names = async (query: string) => (await list(query)).rows.map((r) => r.name);

describe("the admin products list", () => {
  it("searches names and SKUs, filters by status, collection and stock, and sorts", async () => {
    const { db } = database;
    const amber = await createProduct(db, { name: "Amber Resin", priceCents: 1000 });
    await createVariant(db, amber, { title: "big", sku: "AMB-BIG-77", priceCents: 1500, stockQuantity: 2 });
    await createProduct(db, { name: "Basalt Resin", status: "draft", priceCents: 3000 });
    const coal = await createProduct(db, { name: "Coal Resin", status: "archived", soldOut: true });
    const dark = await createCollection(db, { name: "Dark Ones", productIds: [coal.id] });

    expect(await names("sort=name")).toEqual(["Amber Resin", "Basalt Resin", "Coal Resin"]);
    expect(await names("q=amb-big")).toEqual(["Amber Resin"]);
    expect(await names("q=basalt")).toEqual(["Basalt Resin"]);
    expect(await names("status=draft")).toEqual(["Basalt Resin"]);
    expect(await names("status=nonsense&sort=name")).toHaveLength(3);
    expect(await names(`collection=${dark.id}`)).toEqual(["Coal Resin"]);
    expect(await names("stock=out")).toEqual(["Coal Resin"]);
    expect(await names("stock=low")).toEqual(["Amber Resin"]);
    expect((await list("q=%25")).rows).toEqual([]);
    expect(await names("sort=price-desc")).toEqual(["Coal Resin", "Basalt Resin", "Amber Resin"]);
  });
});

describe("a search, listed by its few matches' ids or by one condition when there are many", () => {
  it("finds the same products, counted once, either way", async () => {
    const { db } = database;
    const twice = await createProduct(db, { name: "Ochre Twice", priceCents: 1200 });
    await createVariant(db, twice, { title: "ochre", sku: "OCHRE-1", priceCents: 1200 });
    const bySku = await createProduct(db, { name: "Plain Jar", priceCents: 1300 });
    await createVariant(db, bySku, { title: "small", sku: "OCHRE-JAR", priceCents: 1300 });
    const gone = await createProduct(db, { name: "Old Jar", priceCents: 1400 });
    await createVariant(db, gone, {
      title: "old",
      sku: "OCHRE-OLD",
      priceCents: 1400,
      archivedAt: new Date(),
    });
    for (const q of ["ochre", "ochre-jar", "nothing-like-it", "jar"]) {
      const query = readAdminProductListQuery(new URLSearchParams({ q, sort: "name" }));
      const few = await listAdminProductPage(db, query, FEW_MATCHES);
      const many = await listAdminProductPage(db, query, 1);
      expect(
        few.rows.map((r) => r.name),
        q,
      ).toEqual(many.rows.map((r) => r.name));
      expect(few.total, q).toBe(many.total);
    }
    const ochre = await listAdminProductPage(db, readAdminProductListQuery(new URLSearchParams("q=ochre")));
    expect(ochre.rows.map((r) => r.name).sort()).toEqual(["Ochre Twice", "Plain Jar"]);
    expect(ochre.total).toBe(2);
  });
});

describe("keyset pages", () => {
  it("walks forwards and back through every product once, in order, for each sort", async () => {
    const { db } = database;
    for (let i = 0; i < 120; i++)
      await createProduct(db, {
        name: `Page Resin ${String(i).padStart(3, "0")}`,
        priceCents: 100 + (i % 7),
      });
    for (const sort of ["name", "newest", "price-asc", "price-desc"]) {
      const seen: string[] = [];
      let page = await list(`q=page resin&sort=${sort}`);
      expect(page.total).toBe(120);
      expect(page.previous).toBeNull();
      const pages = [page];
      seen.push(...page.rows.map((r) => r.id));
      while (page.next) {
        page = await list(`q=page resin&sort=${sort}&after=${page.next}`);
        pages.push(page);
        seen.push(...page.rows.map((r) => r.id));
      }
      expect(seen).toHaveLength(120);
      expect(new Set(seen).size).toBe(120);
      // Back from the last page gives the one before it, exactly.
      const back = await list(`q=page resin&sort=${sort}&before=${page.previous}`);
      expect(back.rows.map((r) => r.id)).toEqual(pages.at(-2)!.rows.map((r) => r.id));
    }
    // A cursor that does not decode is the first page, never an error.
    expect((await list("after=garbage!!")).rows.length).toBeGreaterThan(0);
  });
});
