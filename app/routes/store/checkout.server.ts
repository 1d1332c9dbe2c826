import { data, redirect } from "react-router";
import { type FieldErrors, formText, parseForm } from "~/lib/forms.ts";
import { type CheckoutForm, checkoutFormSchema } from "~/lib/store/checkout-form.ts";
import { checkoutAuthUrl as authUrl, checkoutToasts } from "~/lib/store/checkout-toasts.ts";
import { guestCheckoutEmailSchema, postalAddressSchema } from "~core/forms/address-form.ts";
import type { PostalAddress } from "~core/orders/address.ts";
import { formatMoney } from "~core/pricing/money.ts";
import { actionToast } from "~core/toast.ts";
import { getSessionUser } from "~server/auth/session.ts";
import { keepCheckoutAddress, savedAddressOf } from "~server/checkout/address-step.ts";
import { keepCartCoupon } from "~server/checkout/cart-coupon.ts";
import { placeOrder } from "~server/checkout/checkout.ts";
import { checkoutDetailsOf } from "~server/checkout/checkout-address.ts";
import type { RequestContext } from "~server/context.ts";
import { type AppliedCoupon, quoteCoupon } from "~server/coupons/quote.ts";
import { InvalidInputError } from "~server/errors.ts";
import { failureData, failureOf, fieldMessages, settle, settleAction } from "~server/http/error-response.ts";
import { redirectWithToast } from "~server/http/flash.ts";
import { prop65WarningsFor } from "~server/labels/checkout-warnings.ts";
import { recordCheckoutNewsWish } from "~server/marketing/checkout-wish.ts";
import { checkoutProvider } from "~server/payments/registry.ts";
import { couponLookupLimits } from "~server/rate-limit/rate-limit.ts";
import { refuseOverLimit } from "./checkout-limits.server.ts";
import { prepareToPay } from "./checkout-pay.server.ts";
import { loadCheckoutCart } from "./checkout-request.server.ts";
import { renewalConsentAtPay } from "./renewal-consent.server.ts";

/** The checkout page's action: apply or remove a coupon, or pay (the page module is the UI). */

/** 'Payment Failed' descriptions for a method this shop has no provider keys for. */
const paymentMethodUnavailable = {
  card: "Card payments are not available. Please pay with PayPal.",
  paypal: "PayPal is not available. Please pay by card.",
} as const;

type Buyer = { signedIn: boolean; userId: string | null };
type CheckoutCart = Awaited<ReturnType<typeof loadCheckoutCart>>;

/** Step 1's form as typed, with a message per field, when the address was refused. */
export type AddressFormState = { errors: FieldErrors; values: Record<string, string> };

export async function checkoutAction(context: RequestContext, request: Request) {
  const formData = await request.formData();
  const parsed = checkoutFormSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return data({ toast: actionToast(checkoutToasts.couponError), applied: null }, 400);
  const form = parsed.data;
  const user = await getSessionUser(context, request);
  const buyer = { signedIn: Boolean(user), userId: user?.id ?? null };
  const checkout = await loadCheckoutCart(context, request, buyer.userId);
  if (checkout.cart.lines.length === 0) throw await redirectWithToast("/products", checkoutToasts.cartEmpty);

  if (form.intent === "save-address") return saveAddressStep(context, formData, checkout.cartId, buyer);
  if (form.intent === "remove-coupon") {
    if (checkout.cartId) await keepCartCoupon(context.database.db, checkout.cartId, null);
    return { toast: actionToast(checkoutToasts.couponRemoved), applied: null };
  }
  if (form.intent === "apply-coupon") return applyCoupon(context, form, checkout, buyer);
  // A refusal (coupon, stock, caps, provider) is a DomainError thrown where it was found.
  return settleAction(context.log, "checkout failed", () => pay(context, request, form, checkout, buyer), {
    unexpected: { ...checkoutToasts.processingError, status: 500 },
    body: () => ({ applied: null as AppliedCoupon | null }),
  });
}

const addressRefused = (addressForm: AddressFormState, description: string) =>
  data(
    {
      toast: actionToast({ title: "Please check the address", description, variant: "destructive" }),
      applied: null,
      addressForm,
    },
    400,
  );

/**
 * Step 1: a saved address (the buyer's own, by id) or the typed one, validated; kept on the cart,
 * then back to the page, which shows step 2 (post/redirect/get: a reload does not repost).
 */
async function saveAddressStep(
  context: RequestContext,
  formData: FormData,
  cartId: string | null,
  buyer: Buyer,
) {
  const values = formText(formData);
  const guestEmail = buyer.signedIn ? null : guestCheckoutEmailSchema.safeParse(values.email ?? "");
  if (guestEmail && !guestEmail.success)
    return addressRefused(
      { errors: { email: guestEmail.error.issues[0]?.message }, values },
      "Some fields need your attention.",
    );
  let address: PostalAddress | null = null;
  if (values.savedAddressId && values.savedAddressId !== "new") {
    address = await savedAddressOf(context, buyer.userId, values.savedAddressId);
    if (!address)
      return addressRefused({ errors: {}, values }, "That saved address is no longer in your address book.");
  } else {
    // A field missing from the post is an empty field (its own message, not a type error).
    const typed = parseForm(postalAddressSchema, { ...emptyAddressFields, ...values });
    if (!typed.ok) return addressRefused(typed, "Some fields need your attention.");
    address = typed.data;
  }
  if (!cartId) throw await redirectWithToast("/products", checkoutToasts.cartEmpty);
  const kept = await settle(context.log, "keeping the checkout address failed", () =>
    keepCheckoutAddress(context, {
      cartId,
      userId: buyer.userId,
      address,
      guestEmail: guestEmail?.data ?? null,
      saveToBook: values.saveToBook === "on",
    }),
  );
  if (!kept.ok)
    return failureData(kept, { applied: null, addressForm: { errors: fieldMessages(kept), values } });
  return redirect("/checkout");
}

const emptyAddressFields = { name: "", phone: "", line1: "", line2: "", city: "", state: "", postalCode: "" };

async function applyCoupon(
  context: RequestContext,
  form: CheckoutForm,
  { cartId, cart }: CheckoutCart,
  buyer: Buyer,
) {
  if (!form.couponCode) return data({ toast: actionToast(checkoutToasts.emptyCode), applied: null }, 400);
  const limited = await refuseOverLimit(context, couponLookupLimits);
  if (limited) return limited;
  // The applied coupon is re-checked on every post; the browser only ever sends its code.
  // A failed lookup is the spec's 'Error' toast; the page and what was typed stay.
  const looked = await settle(
    context.log,
    "coupon could not be checked",
    () => quoteCoupon(context.database.db, form.couponCode, cart, { ...buyer, ...form, cartId }),
    { ...checkoutToasts.couponError, status: 500 },
  );
  if (!looked.ok) return failureData(looked, { applied: null });
  const quote = looked.value;
  if (!quote.ok) return failureData(failureOf(new InvalidInputError(quote.rejection)), { applied: null });
  // Kept with the cart: a reload, the cart drawer and the cart page show it until it is removed.
  if (cartId) await keepCartCoupon(context.database.db, cartId, quote.applied.code);
  return {
    toast: actionToast({
      title: "Coupon Applied!",
      description: `You saved ${formatMoney(quote.savedCents)} with code ${quote.applied.code}`,
      variant: "success",
    }),
    applied: quote.applied as AppliedCoupon | null,
  };
}

async function pay(
  context: RequestContext,
  request: Request,
  form: CheckoutForm,
  { cartId, cart }: CheckoutCart,
  buyer: Buyer,
) {
  if (form.purchaseType === "subscription" && !buyer.signedIn)
    throw await redirectWithToast(authUrl, checkoutToasts.authRequired);
  const provider = checkoutProvider(context, form.paymentMethod);
  if (!provider) {
    // Only a hand-made post or a page from before the keys changed gets here; the coupon stays.
    const refusal = new InvalidInputError(
      checkoutToasts.paymentFailed(paymentMethodUnavailable[form.paymentMethod]),
    );
    return failureData(failureOf(refusal), {
      applied: await keptCoupon(context, form, { cartId, cart }, buyer),
    });
  }
  const { address: shippingAddress, guestEmail } = await checkoutDetailsOf(context.database.db, cartId);
  if (!shippingAddress) throw await redirectWithToast("/checkout", checkoutToasts.addressRequired);
  const consent = await renewalConsentAtPay(context, request, form, cart, shippingAddress);
  if (!consent.ok)
    return failureData(consent.failure, {
      ...consent.kept,
      applied: await keptCoupon(context, form, { cartId, cart }, buyer),
    });
  const couponCode = form.appliedCoupon || null;
  const refusal = await prepareToPay(context, { cartId });
  if (refusal) return refusal;
  const productIds = cart.lines.map((line) => line.productId);
  const prop65Warnings = await prop65WarningsFor(context.database.db, productIds, shippingAddress);
  if (cartId) await recordCheckoutNewsWish(context.database.db, cartId, form.newsletter === "on");
  const placed = await placeOrder(context.database.db, provider, {
    cartId,
    cart,
    userId: buyer.userId,
    purchaseType: form.purchaseType,
    paymentMethod: form.paymentMethod,
    couponCode,
    shippingAddress,
    // Only a guest cart holds one (keepCheckoutAddress never stores it for an account).
    buyerEmail: guestEmail,
    clientIp: context.clientIp,
    prop65Warnings,
    renewalConsent: consent.record,
  });
  return redirect(placed.url);
}

/** The applied coupon, re-checked, for an answer that refuses to pay but keeps the page as it was. */
async function keptCoupon(
  context: RequestContext,
  form: CheckoutForm,
  { cartId, cart }: CheckoutCart,
  buyer: Buyer,
) {
  if (!form.appliedCoupon) return null;
  const kept = await quoteCoupon(context.database.db, form.appliedCoupon, cart, {
    ...buyer,
    ...form,
    cartId,
  }).catch(() => null);
  return kept?.ok ? kept.applied : null;
}
