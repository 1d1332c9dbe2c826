import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { findProductBySlug } from "./products.ts";
import { publishDueProducts } from "./publish-due.ts";
import { readStorefrontVersion } from "./storefront-cache.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const at = (iso: string) => new Date(iso);

describe("publishing scheduled drafts", () => {
  it("makes a draft active at its time, not before, once, and invalidates the storefront cache", async () => {
    const { db } = database;
    const due = at("2030-03-01T09:00:00Z");
    const scheduled = await createProduct(db, { status: "draft", publishAt: due });
    const later = await createProduct(db, { status: "draft", publishAt: at("2030-03-02T09:00:00Z") });
    const byHand = await createProduct(db, { status: "draft" });
    const archived = await createProduct(db, { status: "archived", publishAt: due });

    expect(await publishDueProducts(db, at("2030-03-01T08:59:59Z"))).toEqual([]);
    expect(await findProductBySlug(db, scheduled.slug)).toBeNull();

    const before = await readStorefrontVersion(db);
    expect(await publishDueProducts(db, due)).toEqual([scheduled.id]);
    expect(await readStorefrontVersion(db)).toBeGreaterThan(before!);
    const live = await findProductBySlug(db, scheduled.slug);
    expect(live?.id).toBe(scheduled.id);

    // A second run (another instance, the next minute) publishes nothing again.
    expect(await publishDueProducts(db, at("2030-03-01T09:01:00Z"))).toEqual([]);
    for (const p of [later, byHand, archived]) expect(await findProductBySlug(db, p.slug)).toBeNull();
  });
});
