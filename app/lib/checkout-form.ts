import { z } from "zod";

/** The checkout form: one form, several buttons (intent). Prices never come from the browser. */
export const checkoutFormSchema = z.object({
  intent: z.enum(["apply-coupon", "remove-coupon", "pay"]),
  purchaseType: z.enum(["one_time", "subscription"]).catch("one_time"),
  paymentMethod: z.enum(["card", "paypal"]).catch("card"),
  couponCode: z.string().trim().max(50).catch(""),
  appliedCoupon: z.string().trim().max(50).catch(""),
});

export type CheckoutForm = z.output<typeof checkoutFormSchema>;

export const checkoutToasts = {
  emptyCode: { title: "Please enter a coupon code", variant: "destructive" },
  couponError: {
    title: "Error",
    description: "Failed to apply coupon. Please try again.",
    variant: "destructive",
  },
  couponRemoved: { title: "Coupon Removed" },
  signInRequired: {
    title: "Sign In Required",
    description: "Please sign in to your account to use subscription services.",
    variant: "destructive",
  },
  authRequired: {
    title: "Authentication Required",
    description: "Please sign in to your account to create a subscription.",
    variant: "destructive",
  },
  cartEmpty: { title: "Cart is empty" },
  paymentCancelled: { title: "Payment cancelled", description: "Your cart is unchanged." },
  paymentFailed: (description: string) =>
    ({ title: "Payment Failed", description, variant: "destructive" }) as const,
  processingError: {
    title: "Error processing payment",
    description: "There was a problem processing your payment. Please try again.",
    variant: "destructive",
  },
} as const;
