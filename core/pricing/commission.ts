import { percentageOf } from "./money.ts";

/**
 * Creator commission rules (decision 040), pure and in integer cents. Imported by the server and
 * by the property test; no zod here, so a portal component may use the state labels.
 */

/** The order amounts the commission is worked out from (shipping and tax are not among them). */
export type CommissionOrder = {
  subtotalCents: number;
  volumeDiscountCents: number;
  subscriptionDiscountCents: number;
  couponDiscountCents: number;
};

/** The goods after every discount: what the commission rate applies to (never below zero). */
export function commissionBaseCents(order: CommissionOrder): number {
  const base =
    order.subtotalCents -
    order.volumeDiscountCents -
    order.subscriptionDiscountCents -
    order.couponDiscountCents;
  return Math.max(0, base);
}

/** Rate × base, rounded half up to the cent, once per order. */
export function commissionCents(order: CommissionOrder, basisPoints: number): number {
  return percentageOf(commissionBaseCents(order), basisPoints);
}

/**
 * How much of an accrual should have been clawed back once `refundedCents` of the order's
 * `totalCents` were refunded: the refunded share, rounded half up, never more than the accrual.
 * Worked out on the running totals, so partial refunds add up exactly to the accrual when the
 * order ends fully refunded.
 */
export function clawbackTargetCents(accruedCents: number, refundedCents: number, totalCents: number): number {
  if (totalCents <= 0 || refundedCents <= 0) return 0;
  if (refundedCents >= totalCents) return accruedCents;
  return Math.min(
    accruedCents,
    Math.floor((accruedCents * refundedCents * 2 + totalCents) / (2 * totalCents)),
  );
}

export type LedgerState = "pending" | "payable" | "paid";

/** An entry's state at `now`: paid once in a payout, else pending until it is available. */
export function ledgerState(entry: { availableAt: Date; paid: boolean }, now: Date): LedgerState {
  if (entry.paid) return "paid";
  return entry.availableAt.getTime() > now.getTime() ? "pending" : "payable";
}

export type LedgerKind = "accrual" | "clawback" | "payout";

/** The three parts of a balance; `owed` (= pending + payable) is the sum of every entry. */
export type CommissionBalance = {
  pendingCents: number;
  payableCents: number;
  paidCents: number;
  owedCents: number;
};

/** A balance from entries (the portal and the property test; SQL sums the same way for big ledgers). */
export function balanceOf(
  entries: { kind: LedgerKind; amountCents: number; availableAt: Date; paid: boolean }[],
  now: Date,
): CommissionBalance {
  const balance = { pendingCents: 0, payableCents: 0, paidCents: 0, owedCents: 0 };
  for (const entry of entries) {
    balance.owedCents += entry.amountCents;
    if (entry.kind === "payout") {
      balance.paidCents -= entry.amountCents;
      continue;
    }
    const state = ledgerState(entry, now);
    if (state === "pending") balance.pendingCents += entry.amountCents;
    if (state === "payable") balance.payableCents += entry.amountCents;
  }
  return balance;
}

export const DAY_MS = 24 * 60 * 60 * 1000;
