import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCollection, createProduct, createVariant } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { listAdminProductPage, readAdminProductListQuery } from "./admin-product-list.ts";

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
