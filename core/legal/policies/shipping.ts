import { brand } from "../../brand.ts";

/** Starter shipping policy: zones and rates as the back office sets them (docs/shipping-and-tax.md). */
export const shippingTemplate = `## Where we ship

We ship to addresses in the United States. The checkout asks for your shipping address first and
shows the shipping price and any sales tax for it before you pay.

**[Edit before going live: describe your zones and rates as you set them under Shipping & Tax in the
back office, and your processing time.]**

## Shipping costs

- The price depends on the state you ship to. The checkout always shows the exact amount.
- Some rates are free above an order amount; the cart tells you how much more you need to add.
- **Subscription orders always ship free.**

## When your order ships

- Orders are usually packed and handed to the carrier within **2 business days**.
- When your order ships we email you the carrier and tracking number; you can also follow it in
  your account under **Orders**, or with the link in your confirmation email if you ordered as a
  guest.

## Sales tax

Sales tax is collected for the states where we must, on the goods (and on shipping where that state
taxes it), and shown at checkout.

## Problems with delivery

If a parcel is lost or arrives damaged, write to ${brand.supportEmail} with your order number. See
our [Refund and return policy](/policies/refunds).
`;
