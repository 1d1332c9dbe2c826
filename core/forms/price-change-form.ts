import { z } from "zod";
import { amountCents } from "./refund-form.ts";

// The admin price change form's rules (server-side only: zod stays out of the browser).

/** The notice a price change gives (California ARL: 7 to 30 days before it applies). */
export const PRICE_NOTICE_DAYS = { min: 7, max: 30, default: 14 } as const;

export const priceChangeFormSchema = z.object({
  /** The new unit price of each subscribed item, in the subscription's item order. */
  unitPrices: z.array(amountCents).min(1, "Enter the new prices").max(100),
  noticeDays: z.coerce
    .number("Enter the notice in days")
    .int("Enter whole days")
    .min(PRICE_NOTICE_DAYS.min, `Give at least ${PRICE_NOTICE_DAYS.min} days' notice`)
    .max(PRICE_NOTICE_DAYS.max, `Give at most ${PRICE_NOTICE_DAYS.max} days' notice`),
});

export type PriceChangeForm = z.output<typeof priceChangeFormSchema>;
