import { z } from "zod";

/** The checkout form: one form, several buttons (intent). Prices never come from the browser. */
export const checkoutFormSchema = z.object({
  intent: z.enum(["apply-coupon", "remove-coupon", "pay", "save-address"]),
  purchaseType: z.enum(["one_time", "subscription"]).catch("one_time"),
  paymentMethod: z.enum(["card", "paypal"]).catch("card"),
  couponCode: z.string().trim().max(50).catch(""),
  appliedCoupon: z.string().trim().max(50).catch(""),
  // A subscription's consent to the automatic-renewal terms, and the hash of the terms shown (decision 046).
  renewalConsent: z.literal("yes").optional().catch(undefined),
  renewalTermsHash: z.string().max(64).catch(""),
  /** The unticked "Email me news and offers" box (decision 048). */
  newsletter: z.literal("on").optional().catch(undefined),
});

export type CheckoutForm = z.output<typeof checkoutFormSchema>;
