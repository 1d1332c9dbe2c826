import { eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import {
  contactMessages,
  customerAddresses,
  orders,
  refunds,
  subscriptions,
  user,
} from "../db/schema/index.ts";

/**
 * The person a privacy request is about, with everything the parts need to find their rows,
 * gathered once before anything is erased (an erased order no longer carries their email).
 */
export type PrivacySubject = {
  /** Their account; null for a guest who only ordered or wrote with this email. */
  userId: string | null;
  /** Lower-case. */
  email: string;
  name: string | null;
  /** Their orders: the account's and every order placed with the email (guest ones included). */
  orderIds: string[];
  /** The carts those orders came from (a guest's cart has no user id). */
  cartIds: string[];
  /** The account's subscriptions and the refunds of their orders: what keys mail about them. */
  subscriptionIds: string[];
  refundIds: string[];
  /** How providers name their payments and subscriptions: what finds them in webhook payloads. */
  providerRefs: string[];
  /**
   * Their email, names and phones, lower-case: rows that still mention one after the erasure are
   * listed for the admin (never erased by it: a name is not an identifier).
   */
  terms: string[];
};

/** What an erasure adds: the address their kept orders get instead of theirs. */
export type ErasureSubject = PrivacySubject & { anonymousEmail: string };

/**
 * Names and phones shorter than this are not listed by: "Al" or "555" would match most of the
 * outbox. The email is always searched.
 */
const MIN_TERM_LENGTH = 5;

/** The customer with this account id, or null when there is no such account. */
export async function subjectOfAccount(db: Db, userId: string): Promise<PrivacySubject | null> {
  const [account] = await db.select().from(user).where(eq(user.id, userId));
  return account ? gather(db, { userId: account.id, email: account.email, name: account.name }) : null;
}

/**
 * Whoever used this email: the account if there is one, else a guest with orders or contact
 * messages under it. Null when the shop holds nothing under the address.
 */
export async function subjectOfEmail(db: Db, email: string): Promise<PrivacySubject | null> {
  const wanted = email.trim().toLowerCase();
  const [account] = await db.select().from(user).where(sql`lower(${user.email}) = ${wanted}`);
  const subject = await gather(db, {
    userId: account?.id ?? null,
    email: wanted,
    name: account?.name ?? null,
  });
  return account || subject.orderIds.length > 0 || subject.terms.length > 1 ? subject : null;
}

async function gather(
  db: Db,
  who: Pick<PrivacySubject, "userId" | "email" | "name">,
): Promise<PrivacySubject> {
  const email = who.email.toLowerCase();
  const theirOrders = await db
    .select()
    .from(orders)
    .where(
      or(who.userId ? eq(orders.userId, who.userId) : undefined, sql`lower(${orders.email}) = ${email}`),
    );
  const subs = who.userId
    ? await db.select().from(subscriptions).where(eq(subscriptions.userId, who.userId))
    : [];
  const addresses = who.userId
    ? await db.select().from(customerAddresses).where(eq(customerAddresses.userId, who.userId))
    : [];
  const messages = await db
    .select()
    .from(contactMessages)
    .where(sql`lower(${contactMessages.email}) = ${email}`);
  const orderIds = theirOrders.map((o) => o.id);
  const theirRefunds =
    orderIds.length > 0
      ? await db.select({ id: refunds.id }).from(refunds).where(inArray(refunds.orderId, orderIds))
      : [];
  return {
    userId: who.userId,
    email,
    name: who.name,
    orderIds,
    cartIds: present(theirOrders.map((o) => o.cartId)),
    subscriptionIds: subs.map((s) => s.id),
    refundIds: theirRefunds.map((r) => r.id),
    providerRefs: [
      ...orderIds,
      ...present(
        theirOrders.flatMap((o) => [
          o.providerSessionId,
          o.stripeSessionId,
          o.paypalOrderId,
          o.providerPaymentId,
        ]),
      ),
      ...present(subs.map((s) => s.providerSubscriptionId)),
    ],
    terms: searchTerms(email, [
      who.name,
      ...[...theirOrders, ...addresses, ...messages].flatMap(nameAndPhone),
    ]),
  };
}

const nameAndPhone = (row: { name: string | null; phone: string | null }) => [row.name, row.phone];

function present<T>(values: (T | null | undefined)[]): T[] {
  return [...new Set(values.filter((v): v is T => v !== null && v !== undefined && v !== ""))];
}

function searchTerms(email: string, values: (string | null)[]): string[] {
  const others = present(values.map((v) => v?.trim().toLowerCase())).filter(
    (v) => v.length >= MIN_TERM_LENGTH && v !== email,
  );
  return [email, ...others];
}
