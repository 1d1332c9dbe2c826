import { z } from "zod";
import { REFUND_REASON_MAX } from "../orders/refunds.ts";

// The admin refund form's rules (server-side; core/orders/refunds.ts, which the browser loads, stays free of zod).

/** At most this many lines in one refund (an order has a handful; a larger post is an attack). */
const MAX_REFUND_LINES = 100;

const reason = z
  .string()
  .trim()
  .min(1, "Enter the reason for the refund")
  .max(REFUND_REASON_MAX, `Keep the reason under ${REFUND_REASON_MAX} characters`);

/** Dollars as typed ("12.5", "12.50") to integer cents. */
export const amountCents = z
  .string()
  .trim()
  .refine((v) => /^\d{1,7}(\.\d{1,2})?$/.test(v), "Enter an amount in dollars, e.g. 12.50")
  .transform((v) => Math.round(Number(v) * 100))
  .refine((v) => v >= 1, "The amount must be at least $0.01");

const refundLine = z.object({
  orderItemId: z.uuid("Unknown order line"),
  quantity: z.coerce.number().int("Quantities are whole units").min(0).max(10_000),
});

/**
 * The admin refund form: the whole remaining amount, an amount, or units of lines. The
 * idempotency key is made when the form renders, so a double click or a retried post refunds once.
 */
export const refundFormSchema = z.discriminatedUnion(
  "mode",
  [
    z.object({ mode: z.literal("full"), idempotencyKey: z.uuid(), reason }),
    z.object({ mode: z.literal("amount"), idempotencyKey: z.uuid(), reason, amount: amountCents }),
    z.object({
      mode: z.literal("lines"),
      idempotencyKey: z.uuid(),
      reason,
      lines: z
        .array(refundLine)
        .max(MAX_REFUND_LINES)
        .transform((lines) => lines.filter((line) => line.quantity > 0))
        .refine((lines) => lines.length > 0, "Choose at least one unit to refund"),
    }),
  ],
  { error: "Choose a full refund, an amount or lines" },
);

export type RefundRequest = z.output<typeof refundFormSchema>;
