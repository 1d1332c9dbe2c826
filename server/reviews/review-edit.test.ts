import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct, createReceivedOrder, createReview, createUser } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { reviews, storefrontVersion } from "../db/schema/index.ts";
import { NotFoundError } from "../errors.ts";
import { editReview, ownReview, productReviews } from "./reviews.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const edit = { rating: 2, title: "Changed my mind", body: "Tastes bitter after a month." };

async function authorWithReview(fields: Partial<typeof reviews.$inferInsert> = {}) {
  const author = await createUser(database.db);
  const product = await createProduct(database.db);
  await createReceivedOrder(database.db, { userId: author.id }, product.id);
  const review = await createReview(database.db, { productId: product.id, userId: author.id, ...fields });
  return { author, product, review };
}

const versionNow = async () => (await database.db.select().from(storefrontVersion))[0]?.version;

describe("a customer edits their review", () => {
  it("changes rating, title and text and sends it back to pending, off the storefront", async () => {
    const { db } = database;
    const { author, product, review } = await authorWithReview({ reply: "Thanks!" });
    expect((await productReviews(db, product.id)).count).toBe(1);
    const before = await versionNow();

    await editReview(db, { userId: author.id }, product.id, review.id, edit);

    expect(await ownReview(db, author.id, product.id)).toMatchObject({ ...edit, status: "pending" });
    const [row] = await db.select().from(reviews).where(eq(reviews.id, review.id));
    expect(row?.editedAt).toBeInstanceOf(Date);
    expect(row?.moderatedAt).toBeNull();
    expect((await productReviews(db, product.id)).count).toBe(0);
    // The cached product page showed it: leaving "approved" refreshes it.
    expect(await versionNow()).not.toBe(before);
    expect(await db.$count(reviews, eq(reviews.userId, author.id))).toBe(1);
  });

  it("takes a hidden review out of hidden (its reason goes) for moderation again", async () => {
    const { db } = database;
    const { author, product, review } = await authorWithReview({ status: "hidden", hideReason: "off_topic" });
    await editReview(db, { userId: author.id }, product.id, review.id, edit);
    const [row] = await db.select().from(reviews).where(eq(reviews.id, review.id));
    expect(row).toMatchObject({ status: "pending", hideReason: null });
  });

  it("answers not found for another customer's review, another product, or a malformed id", async () => {
    const { db } = database;
    const { author, product, review } = await authorWithReview();
    const other = await createUser(db);
    const elsewhere = await createProduct(db);
    for (const attempt of [
      () => editReview(db, { userId: other.id }, product.id, review.id, edit),
      () => editReview(db, { userId: author.id }, elsewhere.id, review.id, edit),
      () => editReview(db, { userId: author.id }, product.id, "not-a-uuid", edit),
    ])
      await expect(attempt()).rejects.toBeInstanceOf(NotFoundError);
    expect(await ownReview(db, author.id, product.id)).toMatchObject({ rating: 5, status: "approved" });
  });
});
