/**
 * What the customer is told before deleting their account: sent as loader data, not shipped in the
 * page's JavaScript (decision 015). Keep in step with docs/compliance.md, section 6.
 */
export const erasureExplanation = {
  erased: [
    "Your account: name, email, password, sessions on every device and two-factor settings.",
    "Your saved addresses, your cart and the reminder emails about it.",
    "Your reviews (their text may say who you are) and the messages you sent us.",
    "The emails we sent you, and the copies of your details that payment notifications hold.",
    "Your subscriptions: each one still renewing is cancelled first, so nothing is charged again.",
  ],
  kept: [
    "Your orders stay in our accounts, because tax and bookkeeping law requires them: what was bought, the amounts, the tax, refunds, the payment method and the state the order shipped to.",
    "On those orders your name becomes “Deleted customer”, your email an address that leads nowhere, your phone number is removed and your address becomes “Erased” (only the state and country remain, for the sales tax).",
  ],
};
