import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createProduct,
  createReceivedOrder,
  createReview,
  createUser,
  daysFromNow,
} from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { mailOutbox, reviews, storefrontVersion } from "../db/schema/index.ts";
import { ConflictError, NotFoundError } from "../errors.ts";
import { createLogger } from "../logger.ts";
import { createMailer } from "../mail/mailer.ts";
import { saveMarketingPostalAddress } from "../marketing/postal-address.ts";
import { changeOrderStatus } from "../orders/notify.ts";
import { approveReview, hideReview, listAdminReviews, replyToReview } from "./admin-reviews.ts";
import { reviewEligibility } from "./eligibility.ts";
import { productReviews, reviewSummary, shownName, submitReview } from "./reviews.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const input = { rating: 4, title: "Good", body: "Works for me." };

async function customerWithProduct() {
  const customer = await createUser(database.db, { name: "Jane Q Doe" });
  const product = await createProduct(database.db);
  return { customer, product, author: { userId: customer.id, name: customer.name } };
}

describe("who may review", () => {
  it("a customer whose order was delivered, or shipped 7+ days ago; not 6 days, not unpaid, not another product", async () => {
    const db = database.db;
    const { customer, product } = await customerWithProduct();
    const buyer = { userId: customer.id };
    expect(await reviewEligibility(db, customer.id, product.id)).toBe("not_received");

    await createReceivedOrder(db, buyer, product.id, { status: "shipped", shippedAt: daysFromNow(-6) });
    await createReceivedOrder(db, buyer, product.id, { paymentStatus: "unpaid" });
    await createReceivedOrder(db, buyer, (await createProduct(db)).id);
    expect(await reviewEligibility(db, customer.id, product.id)).toBe("not_received");

    await createReceivedOrder(db, buyer, product.id, { status: "shipped", shippedAt: daysFromNow(-8) });
    expect(await reviewEligibility(db, customer.id, product.id)).toBe("can_review");
  });

  it("refuses a customer who never received the product", async () => {
    const { product, author } = await customerWithProduct();
    await expect(submitReview(database.db, author, product.id, input)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("submitting", () => {
  it("stores one pending review per product and customer, even when two arrive at once", async () => {
    const db = database.db;
    const { customer, product, author } = await customerWithProduct();
    const order = await createReceivedOrder(db, { userId: customer.id }, product.id);
    const results = await Promise.allSettled([
      submitReview(db, author, product.id, input),
      submitReview(db, author, product.id, { ...input, rating: 1 }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(rejected.reason).toBeInstanceOf(ConflictError);
    const rows = await db.select().from(reviews).where(eq(reviews.productId, product.id));
    expect(rows).toMatchObject([{ status: "pending", orderId: order.id, authorName: "Jane D." }]);
    expect(await reviewEligibility(db, customer.id, product.id)).toBe("already_reviewed");
  });

  it("shows only a first name and an initial", () => {
    expect(shownName("  Jane Q   Doe ")).toBe("Jane D.");
    expect(shownName("Cher")).toBe("Cher");
    expect(shownName("")).toBe("Customer");
    expect(shownName("Jane 🙂Doe")).toBe("Jane 🙂.");
    expect(shownName("Ana élan")).toBe("Ana É.");
  });
});

describe("moderation and the product's average", () => {
  it("counts approved reviews only; hiding needs a content reason; approving bumps the storefront version", async () => {
    const db = database.db;
    const product = await createProduct(db);
    const ratings = [5, 4, 4];
    const rows: Awaited<ReturnType<typeof createReview>>[] = [];
    for (const rating of ratings) {
      const user = await createUser(db);
      rows.push(
        await createReview(db, { productId: product.id, userId: user.id, rating, status: "pending" }),
      );
    }
    expect(await reviewSummary(db, product.id)).toEqual({ count: 0, average: 0 });

    const version = async () => (await db.select().from(storefrontVersion))[0]!.version;
    const before = await version();
    for (const row of rows) await approveReview(db, row.id);
    expect(await version()).toBeGreaterThan(before);
    expect(await reviewSummary(db, product.id)).toEqual({ count: 3, average: 4.3 });

    await hideReview(db, rows[0]!.id, "off_topic");
    await replyToReview(db, rows[1]!.id, "Thank you!");
    const shown = await productReviews(db, product.id);
    expect(shown).toMatchObject({ count: 2, average: 4, hasMore: false });
    expect(shown.reviews.map((r) => r.reply)).toContain("Thank you!");

    const { reviews: hidden } = await listAdminReviews(db, { status: "hidden" });
    expect(hidden.find((r) => r.id === rows[0]!.id)).toMatchObject({ hideReason: "off_topic" });
    // The database itself refuses a hidden review without a reason.
    await expect(
      db.update(reviews).set({ status: "hidden", hideReason: null }).where(eq(reviews.id, rows[1]!.id)),
    ).rejects.toThrow();
  });

  it("pages approved reviews ten at a time", async () => {
    const db = database.db;
    const product = await createProduct(db);
    for (let i = 0; i < 11; i++)
      await createReview(db, { productId: product.id, userId: (await createUser(db)).id });
    expect((await productReviews(db, product.id)).reviews).toHaveLength(10);
    expect((await productReviews(db, product.id)).hasMore).toBe(true);
    expect((await productReviews(db, product.id, 2)).reviews).toHaveLength(11);
  });
});

describe("the invitation email", () => {
  it("is queued once when the order becomes delivered, with a link to the review form", async () => {
    const db = database.db;
    const mailer = createMailer({
      db,
      log: createLogger("silent"),
      from: "Shop <shop@example.com>",
      publicUrl: "https://shop.example",
      linkSecret: "review-invitation-test-secret-0123456789",
    });
    // A marketing email: sent only once the shop has a postal address (decision 048).
    await saveMarketingPostalAddress(db, "Peak Naturals LLC, 100 Main St, Dallas, TX 75201");
    const { customer, product } = await customerWithProduct();
    const order = await createReceivedOrder(
      db,
      { userId: customer.id, email: "invite@example.com" },
      product.id,
      { status: "shipped", deliveredAt: null },
    );
    await changeOrderStatus(db, mailer, order.id, "delivered");
    await changeOrderStatus(db, mailer, order.id, "processing");
    await changeOrderStatus(db, mailer, order.id, "delivered");
    await mailer.idle();
    const invitations = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, `review-invitation:${order.id}`));
    expect(invitations).toHaveLength(1);
    expect(JSON.stringify(invitations[0]!.props)).toContain(
      `https://shop.example/product/${product.slug}#write-review`,
    );
  });
});
