/** Where a guest who chose a subscription signs in, then comes back to checkout. */
export const checkoutAuthUrl = `/auth?redirectTo=${encodeURIComponent("/checkout")}`;

/** The checkout toasts (spec texts). Kept apart from the zod form schema, which only the server needs. */
export const checkoutToasts = {
  emptyCode: { title: "Please enter a coupon code", variant: "destructive" },
  couponError: {
    title: "Error",
    description: "Failed to apply coupon. Please try again.",
    variant: "destructive",
  },
  couponRemoved: { title: "Coupon Removed" },
  /** A coupon kept with the cart that no longer applies (expired, used up, minimum not met). */
  couponDropped: (code: string) => ({
    title: "Coupon Removed",
    description: `The coupon ${code} no longer applies to this cart.`,
    variant: "destructive" as const,
  }),
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
  addressRequired: {
    title: "Shipping address needed",
    description: "Please enter where your order goes before paying.",
    variant: "destructive",
  },
  paymentCancelled: { title: "Payment cancelled", description: "Your cart is unchanged." },
  paymentFailed: (description: string) =>
    ({ title: "Payment Failed", description, variant: "destructive" }) as const,
  processingError: {
    title: "Error processing payment",
    description: "There was a problem processing your payment. Please try again.",
    variant: "destructive",
  },
} as const;
