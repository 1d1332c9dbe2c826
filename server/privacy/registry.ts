import type { PrivacyPart } from "./part.ts";
import { accountPart } from "./parts/account.ts";
import { addressesPart } from "./parts/addresses.ts";
import { cartsPart } from "./parts/carts.ts";
import { contactMessagesPart } from "./parts/contact-messages.ts";
import { customerRecordPart } from "./parts/customer-record.ts";
import { mailPart } from "./parts/mail.ts";
import { marketingPart } from "./parts/marketing.ts";
import { ordersPart } from "./parts/orders.ts";
import { rateLimitsPart } from "./parts/rate-limits.ts";
import { reviewsPart } from "./parts/reviews.ts";
import { subscriptionsPart } from "./parts/subscriptions.ts";
import { webhookEventsPart } from "./parts/webhook-events.ts";

/**
 * Every table that can hold a customer's personal data has a part here: the export and the
 * erasure walk this list in order. The account goes last (the other parts find rows by its id).
 * A new table with personal data = one file in parts/ + one line here; the proof test
 * (privacy.test.ts) scans every text column of every table and fails on a forgotten one.
 */
export const privacyParts: PrivacyPart[] = [
  subscriptionsPart,
  ordersPart,
  addressesPart,
  cartsPart,
  reviewsPart,
  contactMessagesPart,
  marketingPart,
  mailPart,
  webhookEventsPart,
  rateLimitsPart,
  customerRecordPart,
  accountPart,
];
