import { brand } from "../../brand.ts";

/** Starter refund and return policy: how refunds really flow (docs/refunds.md). */
export const refundsTemplate = `We want you to be happy with your ${brand.name}. If something is not right with your order, write
to ${brand.supportEmail} with your order number.

**[Edit before going live: set your return window and conditions below — for example "within 30
days of delivery, unopened jars".]**

## Returns

- Tell us within **30 days of delivery** that you want to return an item.
- For hygiene reasons we accept returns of unopened jars only, unless the product arrived damaged
  or is not what you ordered.
- A damaged or wrong item: send us a photo; you do not need to return it.

## Refunds

- Refunds go back to the way you paid: to your card, or to your PayPal account. We cannot refund to
  a different card or account.
- We can refund a whole order, some of its items, or an amount. When you return some of the items
  of an order that had a discount (a coupon, a subscription or a volume saving), you get back what
  you actually paid for those items, after their share of the discount.
- Shipping is refunded when the order was our mistake or never arrived.
- You get an email for every refund, and the order shows **Refunded** or **Partially refunded** in
  your account. Your bank or PayPal usually shows the money within 5 to 10 business days.

## Subscriptions

Cancel any time online under **Account → Subscriptions**: no further renewals are charged. A
renewal already charged can be refunded like any order if you write to us before it ships.

## Contact

${brand.supportEmail}
`;
