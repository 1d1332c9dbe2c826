import { createCookie } from "react-router";
import type { CartAction } from "~core/catalog/cart-input.ts";
import { type PricedCart, priceCartLines } from "~core/pricing/cart-pricing.ts";
import type { PurchaseType } from "~core/pricing/checkout-pricing.ts";
import {
  addToCart,
  CartError,
  type CartOwner,
  findCart,
  getOrCreateCart,
  priceCart,
  removeLine,
  setQuantity,
} from "~server/cart/cart.ts";
import { purchaseTypeOf, setPurchaseType } from "~server/cart/purchase-type.ts";
import type { RequestContext } from "~server/context.ts";
import { bestEffort } from "~server/http/best-effort.ts";
import { oncePerPageLoad } from "~server/http/request-memo.ts";

/**
 * The bridge between requests and carts (decision 003): a guest's cart id lives in a long-lived
 * HttpOnly cookie, a signed-in user's cart is found by user id.
 */
function cartCookie(context: RequestContext) {
  return createCookie("cart_id", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: context.config.publicUrl.startsWith("https://"),
    maxAge: 60 * 60 * 24 * 365,
  });
}

/** The guest cart id from this browser's cookie (not checked against the database yet). */
export async function readGuestCartId(context: RequestContext, request: Request): Promise<string | null> {
  const value = await cartCookie(context)
    .parse(request.headers.get("Cookie"))
    .catch(() => null);
  return typeof value === "string" ? value : null;
}

/** A Set-Cookie value that removes the guest cart cookie (after its cart joined an account). */
export function clearGuestCartCookie(context: RequestContext): Promise<string> {
  return cartCookie(context).serialize("", { maxAge: 0 });
}

/** A Set-Cookie value that points this browser at a guest cart (for another year). */
export function guestCartCookie(context: RequestContext, cartId: string): Promise<string> {
  return cartCookie(context).serialize(cartId);
}

/** Whose cart a request works on: the signed-in user's, else the guest cookie's. */
export async function ownerOf(
  context: RequestContext,
  request: Request,
  userId: string | null,
): Promise<CartOwner> {
  return userId ? { userId } : { guestCartId: await readGuestCartId(context, request) };
}

/** The requester's cart id, or null; read once per page load (the layout's and the page's loaders). */
export async function findRequestCart(
  context: RequestContext,
  request: Request,
  userId: string | null,
): Promise<string | null> {
  const owner = await ownerOf(context, request, userId);
  return oncePerPageLoad(context, request, `cart-id:${ownerKey(owner)}`, () =>
    findCart(context.database.db, owner),
  );
}

const ownerKey = (owner: CartOwner) =>
  "userId" in owner ? `user:${owner.userId}` : `guest:${owner.guestCartId}`;

/**
 * The requester's cart priced from the catalog, once per page load. A failure is logged and
 * shows an empty cart (spec 8).
 */
export async function loadCart(
  context: RequestContext,
  request: Request,
  userId: string | null,
): Promise<PricedCart> {
  const db = context.database.db;
  const load = async () => {
    const cartId = await findRequestCart(context, request, userId);
    return oncePerPageLoad(context, request, `cart:${cartId}`, () => priceCart(db, cartId));
  };
  // An empty cart would send the buyer back to the shop as if they had never added anything: a
  // database that is down stays a 503.
  return bestEffort(context.log, load, {
    failed: "cart load failed",
    fallback: priceCartLines([]),
    unlessDatabaseDown: "cart",
  });
}

/** The purchase choice kept with a signed-in user's cart; one-time for a guest or on a failure (logged). */
export async function loadPurchaseType(
  context: RequestContext,
  request: Request,
  userId: string | null,
): Promise<PurchaseType> {
  if (!userId) return "one_time";
  const db = context.database.db;
  return bestEffort(
    context.log,
    async () => purchaseTypeOf(db, await findRequestCart(context, request, userId), true),
    {
      failed: "cart purchase type load failed",
      fallback: "one_time",
      level: "warn",
      unlessDatabaseDown: "cart",
    },
  );
}

/**
 * Applies one validated cart action for the requester. Adding creates the cart (and, for a guest,
 * the cookie, refreshed for another year); the returned headers carry that cookie.
 * Throws CartError when the change is refused.
 */
export async function changeCart(
  context: RequestContext,
  request: Request,
  userId: string | null,
  action: CartAction,
): Promise<{ headers: Headers }> {
  const db = context.database.db;
  const owner = await ownerOf(context, request, userId);
  const headers = new Headers();
  if (action.intent === "add") {
    // A guest's subscription is refused before anything is added (nor the cart created).
    if (action.purchaseType === "subscription" && !userId) throw new CartError("account_needed");
    const cartId = await getOrCreateCart(db, owner);
    await addToCart(db, cartId, action, action.quantity);
    if (action.purchaseType) await setPurchaseType(db, cartId, action.purchaseType, Boolean(userId));
    if (!userId) headers.append("Set-Cookie", await guestCartCookie(context, cartId));
    return { headers };
  }
  const cartId = await findCart(db, owner);
  if (!cartId) throw new CartError("line_not_found");
  if (action.intent === "purchase-type")
    await setPurchaseType(db, cartId, action.purchaseType, Boolean(userId));
  else if (action.intent === "update") await setQuantity(db, cartId, action.lineId, action.quantity);
  else await removeLine(db, cartId, action.lineId);
  return { headers };
}
