import { brand } from "../../brand.ts";

/** Starter terms of service: orders, prices, subscriptions (cancelled online) and the supplement notice. */
export const termsTemplate = `These terms apply to every purchase in the ${brand.name} shop at ${brand.website}, run by
${brand.legalName}, ${brand.office}. By placing an order you accept them, together with our
[Refund and return policy](/policies/refunds), [Shipping policy](/policies/shipping) and
[Privacy policy](/policies/privacy).

**[Edit before going live: have these terms reviewed by a lawyer, and fill in the governing law and
any dispute resolution you want.]**

## Orders and prices

- Prices are in US dollars. Shipping and sales tax are shown at checkout before you pay, from the
  shipping address you give.
- Your order is placed when the payment is accepted. We email a confirmation with a link to follow
  the order.
- If an item sells out between your payment and our check of stock, we refund it in full.
- Coupons apply as stated on them, one per order, and cannot be exchanged for cash.

## Subscriptions

- A subscription renews every month at the price shown at checkout and is charged to the payment
  method you used, until you cancel.
- **You can cancel online at any time** under **Account → Subscriptions**: no call or email is
  needed. Renewals stop at the end of the month you have paid for.
- Subscription orders ship free.

## Our products

Our products are dietary supplements. Statements about them have not been evaluated by the Food and
Drug Administration, and they are not intended to diagnose, treat, cure or prevent any disease. Ask
your doctor before use if you are pregnant, nursing, taking medication or have a medical condition.

## Your account

Keep your password to yourself; you are responsible for orders placed with your account. We may
close accounts used for fraud or abuse.

## Reviews

Only customers who bought a product can review it. We do not remove reviews because of their
rating; we hide only abusive, off-topic reviews or ones that contain personal data.

## Liability

To the extent the law allows, our liability for an order is limited to what you paid for it.

## Changes

We may update these terms; the date at the bottom of this page says when. Orders keep the terms in
force when they were placed.

## Contact

${brand.supportEmail}
`;
