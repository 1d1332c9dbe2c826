import type { RequestContext } from "../context.ts";

/**
 * Runs after every successful sign-in (password, or password + two-factor code), before the
 * redirect. The place for work that joins the visitor's anonymous state to the account: the cart
 * issue wires `mergeGuestCartIntoUserCart(db, guestCartId, userId)` in here (guest cart id from
 * the `cart_id` cookie). Returns headers to add to the response (e.g. clearing that cookie).
 */
export async function onSignedIn(
  context: RequestContext,
  _request: Request,
  userId: string,
): Promise<Headers> {
  context.log.info({ userId }, "signed in");
  return new Headers();
}
