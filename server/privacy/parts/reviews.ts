import { eq } from "drizzle-orm";
import { products, reviews } from "../../db/schema/index.ts";
import type { PrivacyPart } from "../part.ts";

/** Reviews are deleted, not anonymised: their free text may name or describe the writer. */
export const reviewsPart: PrivacyPart = {
  name: "reviews",
  exportFor: async (db, { userId }) => {
    if (!userId) return [];
    return db
      .select({
        product: products.name,
        authorName: reviews.authorName,
        rating: reviews.rating,
        title: reviews.title,
        body: reviews.body,
        status: reviews.status,
        reply: reviews.reply,
        createdAt: reviews.createdAt,
      })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(eq(reviews.userId, userId));
  },
  eraseFor: async (tx, { userId }) => {
    if (userId) await tx.delete(reviews).where(eq(reviews.userId, userId));
  },
};
