import { restoreFromReminder } from "~server/abandoned-carts/restore.ts";
import { getSessionUser } from "~server/auth/session.ts";
import type { RequestContext } from "~server/context.ts";
import { guestCartCookie, ownerOf } from "./cart-request.server.ts";

/**
 * Opens a reminder's restore link for whoever holds it: the emailed lines go into this visitor's
 * cart (a guest gets the cart cookie). Returns null for a forged, expired or unknown link.
 */
export async function restoreCartFromLink(
  context: RequestContext,
  request: Request,
  token: string,
): Promise<{ headers: Headers } | null> {
  const user = await getSessionUser(context, request);
  const owner = await ownerOf(context, request, user?.id ?? null);
  const result = await restoreFromReminder(context.database.db, context.linkSecret, token, owner);
  if (!result.restored) return null;
  const headers = new Headers();
  if (!user) headers.append("Set-Cookie", await guestCartCookie(context, result.cartId));
  return { headers };
}
