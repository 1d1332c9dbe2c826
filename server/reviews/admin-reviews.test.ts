import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct, createReview, createUser } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { reviews } from "../db/schema/index.ts";
import { InvalidInputError } from "../errors.ts";
import { listAdminReviews, moderateReview } from "./admin-reviews.ts";

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

describe("reviews flagged as disease claims", () => {
  it("stays held until the owner ticks that they checked the flags, and is never edited", async () => {
    const { db } = database;
    const product = await createProduct(db);
    const author = await createUser(db);
    const body = "Cured my anxiety! Best resin ever.";
    const review = await createReview(db, {
      productId: product.id,
      userId: author.id,
      status: "pending",
      body,
    });
    await expect(
      moderateReview(db, { intent: "approve", id: review.id, claimsChecked: false }),
    ).rejects.toBeInstanceOf(InvalidInputError);
    const held = (await db.select().from(reviews).where(eq(reviews.id, review.id)))[0]!;
    expect(held).toMatchObject({ status: "pending", body });
    await moderateReview(db, { intent: "approve", id: review.id, claimsChecked: true });
    const published = (await db.select().from(reviews).where(eq(reviews.id, review.id)))[0]!;
    expect(published).toMatchObject({ status: "approved", body });
  });

  it("approves an allowed review without the tick", async () => {
    const { db } = database;
    const product = await createProduct(db);
    const author = await createUser(db);
    const review = await createReview(db, {
      productId: product.id,
      userId: author.id,
      status: "pending",
      body: "Supports my energy levels and helps me relax.",
    });
    await moderateReview(db, { intent: "approve", id: review.id, claimsChecked: false });
    expect((await db.select().from(reviews).where(eq(reviews.id, review.id)))[0]!.status).toBe("approved");
  });
});
