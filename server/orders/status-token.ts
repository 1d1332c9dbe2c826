import { randomBytes } from "node:crypto";

/**
 * The secret of a guest's order status link (decision 037): 256 random bits as 43 base64url
 * characters. The link is the only key, so it must be as hard to guess as a session id.
 */
export function newStatusToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What a token can look like (new ones are 43 characters; the migration's backfill too). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{22,64}$/;

/** True when a value from a URL could be a status token; anything else is not looked up at all. */
export function isStatusTokenShape(value: string | undefined): value is string {
  return typeof value === "string" && TOKEN_SHAPE.test(value);
}

/** The order status page of a token, relative to the shop (the email makes it absolute). */
export const orderStatusPath = (token: string) => `/order-status/${token}`;

/**
 * Where an email sends the buyer to see an order (issue 31): a guest's order (no account) opens its
 * status link, which needs no sign-in; an account's order its page under My Orders.
 */
export function orderPageUrl(
  publicUrl: string,
  order: { id: string; userId: string | null; statusToken: string | null },
): string {
  if (!order.userId && order.statusToken) return publicUrl + orderStatusPath(order.statusToken);
  return `${publicUrl}/orders/${order.id}`;
}
