import type { RateLimitRule } from "../rate-limit/rate-limit.ts";

/**
 * How long something scarce (a limited coupon's use, a variant's last units) is held for a shopper
 * who has not paid yet, and how much of it one client may hold. See docs/decisions/011 and 051.
 */
export type HoldRule = {
  /** A hold lasts as long as the payment page it was made for can still be paid, no longer. */
  holdMs: number;
  /** Open (unpaid) payments one client address may have at once. */
  maxOpenPerClient: number;
  /** Holds of one scarce item (a limited coupon, a variant's last units) a client address may have at once. */
  maxPerClientPerItem: number;
  /** Holds of one scarce item a client address may start per day (a hold renewed every half hour is hoarding). */
  holdsPerClientPerItemPerDay: number;
};

/**
 * Payment pages: Stripe Checkout refuses an expires_at under 30 minutes after creation (we ask for
 * 31 so clock skew cannot make it refuse), the sandbox page expires with it, and a PayPal order is
 * not captured after it (server/payments/paypal/paypal-provider.ts).
 */
export const paymentHoldRule: HoldRule = {
  holdMs: 31 * 60_000,
  maxOpenPerClient: 3,
  maxPerClientPerItem: 1,
  holdsPerClientPerItemPerDay: 3,
};

/** When a hold made at `now` ends. */
export function holdEnds(rule: HoldRule, now: Date): Date {
  return new Date(now.getTime() + rule.holdMs);
}

/** Holds made before this are over; anything unpaid and younger is still open. */
export function openSince(rule: HoldRule, now: Date): Date {
  return new Date(now.getTime() - rule.holdMs);
}

/** Whether the payment window of something started at `startedAt` is over. */
export function holdIsOver(rule: HoldRule, startedAt: Date, now = new Date()): boolean {
  return startedAt.getTime() + rule.holdMs <= now.getTime();
}

/** The daily count of holds a client starts on one item (`item` names it, e.g. `coupon:ONCE15`, `variant:<id>`). */
export function dailyHoldLimit(rule: HoldRule, item: string, clientIp: string): RateLimitRule {
  return { key: `hold:${item}:${clientIp}`, limit: rule.holdsPerClientPerItemPerDay, windowMs: 86_400_000 };
}
