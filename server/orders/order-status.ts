import type { Db } from "../db/client.ts";
import { RateLimitedError } from "../errors.ts";
import {
  hitRateLimits,
  orderStatusMissLimits,
  rateLimitedMessage,
  releaseRateLimitHit,
} from "../rate-limit/rate-limit.ts";
import { getOrderByStatusToken, type OrderView } from "./customer-orders.ts";
import { isStatusTokenShape } from "./status-token.ts";

/**
 * The guest's order status page lookup (decision 037): the paid order the token names, or null.
 * Every lookup is counted up front for the client's address (so parallel guesses cannot slip past)
 * and handed back when it found an order: only misses count. Over the limit, RateLimitedError.
 */
export async function lookUpOrderStatus(db: Db, token: string, clientIp: string): Promise<OrderView | null> {
  // A value that cannot be a token never matches: answered without counting or reading anything.
  if (!isStatusTokenShape(token)) return null;
  const rules = orderStatusMissLimits(clientIp);
  const limit = await hitRateLimits(db, rules);
  if (!limit.allowed)
    throw new RateLimitedError(
      { title: "Too Many Attempts", description: rateLimitedMessage(limit.retryAfterSeconds) },
      limit.retryAfterSeconds,
    );
  const order = await getOrderByStatusToken(db, token);
  if (order) for (const rule of rules) await releaseRateLimitHit(db, rule);
  return order;
}
