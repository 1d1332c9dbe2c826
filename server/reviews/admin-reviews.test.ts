import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct, createReview, createUser } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { listAdminReviews } from "./admin-reviews.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

describe("the admin review list", () => {
  it("pages newest first with the filters kept, every review exactly once, ties included", async () => {
    const { db } = database;
    const product = await createProduct(db);
    const sameMoment = new Date("2026-03-01T12:00:00Z");
    const created = [];
    for (let i = 0; i < 7; i++) {
      const author = await createUser(db);
      created.push(
        await createReview(db, {
          productId: product.id,
          userId: author.id,
          rating: i % 2 ? 1 : 5,
          status: "pending",
          // Three share one timestamp: the id breaks the tie.
          createdAt: i < 3 ? sameMoment : new Date(sameMoment.getTime() + i * 60_000),
        }),
      );
    }
    const seen: string[] = [];
    let after: string | undefined;
    let pages = 0;
    do {
      const page = await listAdminReviews(db, { status: "pending", rating: 5, after }, 2);
      expect(page.reviews.every((r) => r.rating === 5 && r.status === "pending")).toBe(true);
      seen.push(...page.reviews.map((r) => r.id));
      after = page.next ?? undefined;
      pages++;
    } while (after);
    const fives = created.filter((r) => r.rating === 5);
    expect(pages).toBe(2);
    expect(seen).toHaveLength(fives.length);
    expect(new Set(seen)).toEqual(new Set(fives.map((r) => r.id)));
    expect((await listAdminReviews(db, { after: "bm9wZQ" })).reviews.length).toBe(7);
  });
});
