import type { Tx } from "../db/client.ts";
import { hitRateLimit } from "../rate-limit/rate-limit.ts";
import { dailyHoldLimit, type HoldRule } from "./hold-rule.ts";

/** Why a client may not hold one more of a scarce item (decision 051). */
export type ClientHoldRefusal = "held_by_client" | "held_too_often";

/**
 * The per-client cap on holds of one scarce item (a limited coupon's use, a variant's last
 * units), shared by coupons and stock. Call it inside the checkout transaction after locking the
 * item's row, so parallel presses queue: refused while `openHolds` (the client's unpaid, unexpired
 * holds of the item, counted by the caller) reach `maxPerClientPerItem`, or once the client has
 * started `holdsPerClientPerItemPerDay` holds of it today. The day's count is taken in the same
 * transaction, so a checkout that rolls back (refused, provider down) does not count.
 */
export async function admitClientHold(
  tx: Tx,
  rule: HoldRule,
  hold: { item: string; clientIp: string; openHolds: number },
): Promise<ClientHoldRefusal | null> {
  if (hold.openHolds >= rule.maxPerClientPerItem) return "held_by_client";
  const today = await hitRateLimit(tx, dailyHoldLimit(rule, hold.item, hold.clientIp));
  return today.allowed ? null : "held_too_often";
}
