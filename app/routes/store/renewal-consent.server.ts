import type { CheckoutForm } from "~/lib/store/checkout-form.ts";
import type { PostalAddress } from "~core/orders/address.ts";
import type { PricedCart } from "~core/pricing/cart-pricing.ts";
import type { RequestContext } from "~server/context.ts";
import { InvalidInputError } from "~server/errors.ts";
import { failureOf } from "~server/http/error-response.ts";
import { checkRenewalConsent, type RenewalConsentInput } from "~server/subscriptions/renewal-consent.ts";

const refusals = {
  missing: "Please read the automatic renewal terms and tick the box to agree before paying.",
  changed: "The renewal terms changed since the page was shown. Please read them again and tick the box.",
} as const;

/**
 * Pay's automatic-renewal check (decision 046): a subscription needs the box ticked for the terms
 * this cart gives now; a one-time purchase needs nothing and ignores the field. A refusal keeps
 * the buyer's choices (the page shows them again, with or without JavaScript).
 */
export async function renewalConsentAtPay(
  context: RequestContext,
  request: Request,
  form: CheckoutForm,
  cart: PricedCart,
  address: PostalAddress,
) {
  if (form.purchaseType !== "subscription") return { ok: true as const, record: null };
  const check = await checkRenewalConsent(context.database.db, {
    cart,
    address,
    posted: { ticked: form.renewalConsent === "yes", termsHash: form.renewalTermsHash },
  });
  if (!check.ok) {
    const message = refusals[check.reason];
    const refusal = new InvalidInputError(
      { title: "Please agree to the renewal terms", description: message },
      { renewalConsent: [message] },
    );
    return {
      ok: false as const,
      failure: failureOf(refusal),
      kept: { purchaseType: form.purchaseType, paymentMethod: form.paymentMethod, consentError: message },
    };
  }
  const record: RenewalConsentInput = {
    ...check.terms,
    clientIp: context.clientIp || null,
    userAgent: request.headers.get("user-agent"),
  };
  return { ok: true as const, record };
}
