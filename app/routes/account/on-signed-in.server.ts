import { clearGuestCartCookie, readGuestCartId } from "~/routes/store/cart-request.server.ts";
import { attachGuestOrders } from "~server/accounts/guest-orders.ts";
import { mergeGuestCartIntoUserCart } from "~server/cart/merge.ts";
import type { RequestContext } from "~server/context.ts";
import { bestEffort } from "~server/http/best-effort.ts";

/**
 * Runs after every successful sign-in (password, or password + two-factor code), before the
 * redirect: the guest cart of this browser joins the account's cart, and its cookie is cleared.
 * Guest orders placed with the (verified) account email since are attached too (decision 037).
 * A failed merge or attach is logged; signing in still succeeds. Returns headers to add to the response.
 */
export async function onSignedIn(
  context: RequestContext,
  request: Request,
  userId: string,
): Promise<Headers> {
  context.log.info({ userId }, "signed in");
  const headers = new Headers();
  await attachGuestOrders(context.database.db, userId).catch((error: unknown) =>
    context.log.error({ err: error, userId }, "could not attach guest orders"),
  );
  const guestCartId = await readGuestCartId(context, request);
  if (!guestCartId) return headers;
  await bestEffort(
    context.log,
    async () => {
      await mergeGuestCartIntoUserCart(context.database.db, guestCartId, userId);
      headers.append("Set-Cookie", await clearGuestCartCookie(context));
    },
    { failed: "guest cart merge failed", fallback: undefined, fields: { userId } },
  );
  return headers;
}
