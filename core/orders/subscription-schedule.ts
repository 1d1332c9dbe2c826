/**
 * The dates of a subscription's self-service changes (decision 042), pure so the rules can be
 * tested alone. A renewal is skipped or paused by whole months from the next renewal on, which
 * keeps the renewal's day of the month.
 */

export const MAX_PAUSE_MONTHS = 3;
/** The renewal reminder goes out this long before a renewal. */
export const REMINDER_LEAD_DAYS = 3;

export function addMonths(date: Date, months: number): Date {
  const next = new Date(date);
  next.setMonth(next.getMonth() + months);
  return next;
}

/** Paused now: no renewal is charged before `pausedUntil`. */
export function isPaused(sub: { pausedUntil: Date | string | null }, now: Date): boolean {
  return sub.pausedUntil !== null && new Date(sub.pausedUntil) > now;
}

/** The renewal a pause of `months` renewals from `nextRenewal` ends with (the first one charged again). */
export function pauseEnd(nextRenewal: Date, months: number): Date {
  return addMonths(nextRenewal, months);
}

/**
 * Resuming early: the first renewal date of the same monthly cycle that is still ahead, going back
 * from the paused-until date by whole months (never before the end of the month already paid).
 */
export function resumedRenewal(pausedUntil: Date, now: Date): Date {
  let renewal = new Date(pausedUntil);
  for (let back = 1; back <= MAX_PAUSE_MONTHS; back++) {
    const earlier = addMonths(pausedUntil, -back);
    if (earlier <= now) break;
    renewal = earlier;
  }
  return renewal;
}
