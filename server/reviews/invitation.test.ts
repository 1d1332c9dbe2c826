import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct, createReceivedOrder, createUser, daysFromNow } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { mailOutbox, orders, reviewInvitations } from "../db/schema/index.ts";
import { createLogger } from "../logger.ts";
import { createMailer } from "../mail/mailer.ts";
import { saveMarketingPostalAddress } from "../marketing/postal-address.ts";
import { changeOrderStatus } from "../orders/notify.ts";
import { inviteShippedOrders } from "./invitation.ts";

let database: TestDatabase;
let mailer: ReturnType<typeof createMailer>;
beforeAll(async () => {
  database = await createTestDatabase();
  mailer = createMailer({
    db: database.db,
    log: createLogger("silent"),
    from: "Shop <shop@example.com>",
    publicUrl: "https://shop.example",
    linkSecret: "invitation-test-link-secret-0123456789abcdef",
  });
  // Invitations are marketing email: they carry the shop's postal address (decision 048).
  await saveMarketingPostalAddress(database.db, "Peak Naturals LLC, 100 Main St, Dallas, TX 75201");
});
afterAll(() => database.destroy());

/** A paid order of a new customer, shipped `days` ago and never marked delivered. */
async function shippedOrder(days: number, email: string, guest = false) {
  const customer = await createUser(database.db);
  const product = await createProduct(database.db);
  const order = await createReceivedOrder(database.db, { userId: customer.id, email }, product.id, {
    status: "shipped",
    deliveredAt: null,
    shippedAt: daysFromNow(-days),
    ...(guest ? { userId: null } : {}),
  });
  return { order, product };
}

const invitationsTo = (email: string) =>
  database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, "review-invitation")));

describe("the invitation for orders left at shipped", () => {
  it("goes once for an order shipped 7+ days ago, through the same email as on delivery", async () => {
    const { order, product } = await shippedOrder(8, "late@example.com");
    const young = await shippedOrder(3, "young@example.com");
    const guest = await shippedOrder(9, "guest@example.com", true);
    const ancient = await shippedOrder(90, "ancient@example.com");

    await inviteShippedOrders(database.db, mailer);
    await inviteShippedOrders(database.db, mailer);
    await mailer.idle();

    const sent = await invitationsTo("late@example.com");
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      template: "review-invitation",
      dedupeKey: `review-invitation:${order.id}`,
    });
    expect(JSON.stringify(sent[0]!.props)).toContain(
      `https://shop.example/product/${product.slug}#write-review`,
    );
    const [claim] = await database.db
      .select()
      .from(reviewInvitations)
      .where(eq(reviewInvitations.orderId, order.id));
    expect(claim?.via).toBe("shipped");
    for (const other of ["young@example.com", "guest@example.com", "ancient@example.com"])
      expect(await invitationsTo(other)).toEqual([]);
    expect([young, guest, ancient]).toHaveLength(3);
  });

  it("never invites an order already invited on delivery, even if it is moved back to shipped", async () => {
    const { order } = await shippedOrder(10, "delivered-first@example.com");
    await changeOrderStatus(database.db, mailer, order.id, "delivered");
    // Moved back (a mistaken "delivered"), as a direct write: the ship form asks for tracking again.
    await database.db.update(orders).set({ status: "shipped" }).where(eq(orders.id, order.id));
    await inviteShippedOrders(database.db, mailer);
    await mailer.idle();
    expect(await invitationsTo("delivered-first@example.com")).toHaveLength(1);
  });

  it("sends one email per order when several runs (instances) go at once", async () => {
    await shippedOrder(12, "race-1@example.com");
    await shippedOrder(12, "race-2@example.com");
    const counts = await Promise.all([1, 2, 3].map(() => inviteShippedOrders(database.db, mailer)));
    await mailer.idle();
    expect(counts.reduce((a, b) => a + b, 0)).toBe(2);
    const sent = await database.db
      .select()
      .from(mailOutbox)
      .where(and(like(mailOutbox.to, "race-%"), eq(mailOutbox.template, "review-invitation")));
    expect(sent).toHaveLength(2);
  });
});
