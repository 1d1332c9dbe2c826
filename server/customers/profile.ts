import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import {
  customerAddresses,
  customers,
  marketingContacts,
  orders,
  privacyRequests,
  products,
  reviews,
  subscriptions,
  user,
} from "../db/schema/index.ts";
import { NotFoundError } from "../errors.ts";

const RECENT = 100;

/** The customer row by its id from a URL; an id that is not one is "not found", never a 500. */
export async function findCustomer(db: Db, customerId: string) {
  if (!isUuid(customerId)) throw new NotFoundError({ title: "Customer not found" });
  const [found] = await db.select().from(customers).where(eq(customers.id, customerId));
  if (!found) throw new NotFoundError({ title: "Customer not found" });
  return found;
}

export type Customer = Awaited<ReturnType<typeof findCustomer>>;

/** The customer's orders: the account's and the paid guest orders placed with its address. */
export const customerOrdersWhere = (customer: Pick<Customer, "userId" | "emailKey">) =>
  and(
    eq(orders.paymentStatus, "paid"),
    or(
      customer.userId ? eq(orders.userId, customer.userId) : undefined,
      and(isNull(orders.userId), sql`lower(${orders.email}) = ${customer.emailKey}`),
    ),
  );

/** Marketing consent as a timeline from the stored times (newest first). */
function consentHistory(contact: typeof marketingContacts.$inferSelect | undefined) {
  if (!contact) return [];
  const events = [
    contact.consentedAt && {
      at: contact.consentedAt,
      what: `Consented${contact.source ? ` (${contact.source})` : ""}`,
      detail: contact.consentText ?? "",
    },
    contact.confirmedAt && { at: contact.confirmedAt, what: "Confirmed by email link", detail: "" },
    contact.unsubscribedAt && { at: contact.unsubscribedAt, what: "Unsubscribed", detail: "" },
  ].filter((event) => !!event);
  return events.sort((a, b) => b.at.getTime() - a.at.getTime());
}

/** Everything the customer page shows, for one customer. */
export async function customerProfile(db: Db, customerId: string) {
  const customer = await findCustomer(db, customerId);
  const userId = customer.userId;
  const [account] = userId
    ? await db
        .select({
          email: user.email,
          emailVerified: user.emailVerified,
          banned: user.banned,
          createdAt: user.createdAt,
        })
        .from(user)
        .where(eq(user.id, userId))
    : [];
  const [orderRows, addresses, subs, reviewRows, contacts, privacy] = await Promise.all([
    db
      .select({
        id: orders.id,
        number: orders.number,
        userId: orders.userId,
        status: orders.status,
        totalCents: orders.totalCents,
        refundedCents: orders.refundedCents,
        purchaseType: orders.purchaseType,
        shippingAddress: orders.shippingAddress,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .where(customerOrdersWhere(customer))
      .orderBy(desc(orders.createdAt))
      .limit(RECENT),
    userId
      ? db.select().from(customerAddresses).where(eq(customerAddresses.userId, userId))
      : Promise.resolve([]),
    userId
      ? db
          .select({
            id: subscriptions.id,
            status: subscriptions.status,
            monthlyTotalCents: subscriptions.monthlyTotalCents,
            currentPeriodEnd: subscriptions.currentPeriodEnd,
            cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
            pausedUntil: subscriptions.pausedUntil,
            items: subscriptions.items,
          })
          .from(subscriptions)
          .where(eq(subscriptions.userId, userId))
          .orderBy(desc(subscriptions.createdAt))
      : Promise.resolve([]),
    userId
      ? db
          .select({
            id: reviews.id,
            product: products.name,
            rating: reviews.rating,
            title: reviews.title,
            status: reviews.status,
            createdAt: reviews.createdAt,
          })
          .from(reviews)
          .innerJoin(products, eq(products.id, reviews.productId))
          .where(eq(reviews.userId, userId))
          .orderBy(desc(reviews.createdAt))
      : Promise.resolve([]),
    db.select().from(marketingContacts).where(eq(marketingContacts.email, customer.emailKey)),
    userId
      ? db
          .select({
            id: privacyRequests.id,
            action: privacyRequests.action,
            requestedBy: privacyRequests.requestedBy,
            createdAt: privacyRequests.createdAt,
          })
          .from(privacyRequests)
          .where(eq(privacyRequests.subjectUserId, userId))
          .orderBy(desc(privacyRequests.createdAt))
      : Promise.resolve([]),
  ]);
  const contact = contacts[0];
  const lastShipping = orderRows.find((order) => order.shippingAddress)?.shippingAddress ?? null;
  return {
    customer: {
      id: customer.id,
      name: customer.name,
      email: account?.email ?? customer.emailKey,
      phone: customer.phone,
      guest: !userId,
      emailVerified: account?.emailVerified ?? false,
      signInDisabled: account?.banned ?? false,
      note: customer.note,
      tags: customer.tags,
      since: customer.createdAt,
    },
    figures: {
      orderCount: customer.orderCount,
      lifetimeSpendCents: customer.totalSpentCents,
      averageOrderCents:
        customer.orderCount > 0 ? Math.round(customer.totalSpentCents / customer.orderCount) : 0,
      lastOrderAt: customer.lastOrderAt,
    },
    orders: orderRows.map(({ shippingAddress: _address, userId: owner, ...order }) => ({
      ...order,
      // A guest order found by the address, not yet joined to the account (the attach action).
      guest: userId !== null && owner === null,
    })),
    addresses,
    lastShipping,
    subscriptions: subs,
    reviews: reviewRows,
    marketing: contact
      ? { status: contact.status, history: consentHistory(contact) }
      : { status: "none" as const, history: [] },
    privacyRequests: privacy,
  };
}

export type CustomerProfile = Awaited<ReturnType<typeof customerProfile>>;
