import { findCart } from "../cart/cart.ts";
import { readGuestCartId } from "../cart/request.server.ts";
import type { RequestContext } from "../context.ts";
import { expireSandboxSessions } from "../payments/sandbox.ts";

/** The requester's cart id (signed-in user's, or the guest cookie's). */
export async function requestCartId(context: RequestContext, request: Request, userId: string | null) {
  const db = context.database.db;
  return findCart(db, userId ? { userId } : { guestCartId: await readGuestCartId(context, request) });
}

/** Expires stale payment sessions without holding up the page; a failure is only logged. */
export function sweepExpiredSessions(context: RequestContext): void {
  void expireSandboxSessions(context.database.db).catch((error) =>
    context.log.error({ err: error }, "payment session sweep failed"),
  );
}
