import { and, count, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.ts";
import { orders } from "../db/schema/index.ts";
import { RateLimitedError } from "../errors.ts";
import { paymentHoldRule } from "../reservations/hold-rule.ts";
import { openOrder } from "../reservations/open-orders.ts";

/** Raised inside checkout's transaction when the client already has as many open payments as allowed. */
export class TooManyOpenPayments extends RateLimitedError {
  constructor() {
    super(
      {
        title: "Too Many Open Payments",
        description:
          "You have several unfinished payments. Complete or cancel one of them, or try again in 30 minutes.",
      },
      30 * 60,
    );
  }
}

/**
 * Refuses a new payment when the client address already has `maxOpenPerClient` open ones. A
 * transaction-scoped lock per address makes parallel presses from one client queue up here, so
 * they cannot all see the same count.
 */
export async function assertClientMayOpen(
  tx: Tx,
  clientIp: string | null | undefined,
  now: Date,
  rule = paymentHoldRule,
): Promise<void> {
  if (!clientIp) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`open-payments:${clientIp}`}))`);
  const [row] = await tx
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.clientIp, clientIp), openOrder(rule, now)));
  if ((row?.n ?? 0) >= rule.maxOpenPerClient) throw new TooManyOpenPayments();
}

/** The open payments started from one cart, with what is needed to give them up. */
export async function openPaymentsOfCart(db: Db, cartId: string, now: Date, rule = paymentHoldRule) {
  return db
    .select({ id: orders.id, provider: orders.provider, sessionId: orders.providerSessionId })
    .from(orders)
    .where(and(eq(orders.cartId, cartId), openOrder(rule, now)));
}
