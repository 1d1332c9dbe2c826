import { z } from "zod";
import { MAX_LINE_QUANTITY } from "../catalog/cart-quantity.ts";
import { MAX_PAUSE_MONTHS } from "../orders/subscription-schedule.ts";

/**
 * The self-service forms of /account/subscriptions/:id (server only: zod stays out of the browser).
 * Every change names its subscription in the URL, never in the form.
 */

const whole = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,3}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));

export const pauseFormSchema = z.object({
  months: whole(1, MAX_PAUSE_MONTHS, `Choose a pause of 1 to ${MAX_PAUSE_MONTHS} months.`),
});

const quantityMessage = `Enter a whole number from 0 (remove) to ${MAX_LINE_QUANTITY}.`;
const variantId = z.uuid({ error: "Choose a product from the list." });

/** At most this many lines in one subscription (a cart's worth). */
export const MAX_SUBSCRIPTION_LINES = 20;

/**
 * The items form: each current line's size (variant) and quantity (0 removes it), plus an optional
 * new product. Read with readForm (repeated fields as lists).
 */
export const itemsFormSchema = z
  .object({
    variantId: z.array(variantId).max(MAX_SUBSCRIPTION_LINES, "Too many items."),
    quantity: z.array(whole(0, MAX_LINE_QUANTITY, quantityMessage)).max(MAX_SUBSCRIPTION_LINES),
    addVariantId: z.union([z.literal(""), variantId]),
    addQuantity: z.union([
      z.literal(""),
      whole(1, MAX_LINE_QUANTITY, `Enter a whole number from 1 to ${MAX_LINE_QUANTITY}.`),
    ]),
  })
  .refine((form) => form.variantId.length === form.quantity.length, {
    path: ["quantity"],
    message: "Every item needs a quantity.",
  })
  .transform((form, ctx) => {
    const lines = form.variantId
      .map((id, index) => ({ variantId: id, quantity: form.quantity[index] ?? 0 }))
      .filter((line) => line.quantity > 0);
    if (form.addVariantId) lines.push({ variantId: form.addVariantId, quantity: form.addQuantity || 1 });
    const merged = new Map<string, number>();
    for (const line of lines) merged.set(line.variantId, (merged.get(line.variantId) ?? 0) + line.quantity);
    if (merged.size === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["quantity"],
        message: "Keep at least one item, or cancel the subscription.",
      });
      return z.NEVER;
    }
    if ([...merged.values()].some((quantity) => quantity > MAX_LINE_QUANTITY)) {
      ctx.addIssue({ code: "custom", path: ["quantity"], message: quantityMessage });
      return z.NEVER;
    }
    return [...merged].map(([id, quantity]) => ({ variantId: id, quantity }));
  });

export type ItemsChange = z.output<typeof itemsFormSchema>;
