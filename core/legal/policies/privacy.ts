import { brand } from "../../brand.ts";

/** Starter privacy policy: what the shop really stores, and the export/delete request at /account/privacy. */
export const privacyTemplate = `${brand.legalName} ("we") runs the ${brand.name} shop at ${brand.website}. This policy says which
personal data the shop keeps, why, and how you can get a copy of it or have it deleted.

**[Edit before going live: have this text reviewed, and add anything your shop does beyond the
software, such as analytics or advertising tools.]**

## What we keep

- **Your account:** name, email address, a hash of your password (never the password itself) and,
  if you turn it on, your two-factor sign-in setup.
- **Addresses:** the addresses you save in your address book and the shipping address and phone
  number of each order.
- **Orders:** what you bought, the amounts, discounts, shipping and tax, the payment status,
  refunds, shipping carrier and tracking number, and the internet address the order was placed
  from (to stop payment abuse).
- **Subscriptions:** the product, the price, the renewal date and whether you cancelled.
- **Payments:** card and PayPal payments are made with Stripe or PayPal. We never see or store your
  card number; we keep the payment's reference and the messages the provider sends us about it.
- **Reviews and messages:** reviews you write and messages you send through the contact form.
- **Emails:** a copy of each email the shop sends you (order confirmations, shipping updates,
  refunds, a reminder about a cart you left), so we can answer questions about them.
- **Cookies:** a sign-in cookie, a cart cookie and a short-lived cookie for on-screen messages.
  They are needed for the shop to work; we set no advertising cookies.
- **Product checks:** codes typed into the validity check, with the time and result (no account is
  needed and none is recorded).

## Why we keep it

To take and deliver your orders, run subscriptions you start, answer your questions, prevent fraud,
and keep the tax and accounting records the law requires.

## Who else sees it

Stripe or PayPal (payments), our email provider (sending email), the carrier that delivers your
parcel (name, address, phone). We do not sell your personal data.

## Your choices and rights

- **Download your data:** signed in, open [your account's privacy page](/account/privacy) and download
  a copy of what we keep about you.
- **Delete your account:** on the same page. Your account, addresses, reviews and messages are
  erased; orders are kept for accounting with your name, email, phone and address removed.
  Running subscriptions are cancelled first.
- **Reminder emails:** every cart reminder has an unsubscribe link.
- Or write to ${brand.supportEmail}; we answer within 30 days.

## Contact

${brand.legalName}, ${brand.office} — ${brand.supportEmail}
`;
