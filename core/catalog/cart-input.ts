import { z } from "zod";
import { MAX_LINE_QUANTITY, quantityMessage, toLineQuantity } from "./cart-quantity.ts";

export { MAX_LINE_QUANTITY, quantityMessage };

/** A quantity typed or sent by the browser: digits only, 1..99 (the rule is in cart-quantity.ts). */
export const quantitySchema = z.string({ error: quantityMessage }).transform((raw, ctx) => {
  const quantity = toLineQuantity(raw);
  if (quantity === null) {
    ctx.addIssue({ code: "custom", message: quantityMessage });
    return z.NEVER;
  }
  return quantity;
});

const uuid = z.uuid({ error: "Unknown cart item." });

const purchaseType = z.enum(["one_time", "subscription"], { error: "Choose one-time or subscription." });

/** Everything the one cart action accepts, by intent. */
export const cartActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("add"),
      productId: uuid,
      // The chosen variant; absent (or empty, from a form without a picker) means the first one.
      variantId: z.preprocess((v) => (v === "" ? undefined : v), uuid.optional()),
      quantity: quantitySchema,
      // The product page's purchase choice; absent (a grid card) leaves the cart's as it is.
      purchaseType: z.preprocess((v) => (v === "" ? undefined : v), purchaseType.optional()),
    }),
    z.object({ intent: z.literal("update"), lineId: uuid, quantity: quantitySchema }),
    z.object({ intent: z.literal("purchase-type"), purchaseType }),
    z.object({ intent: z.literal("remove"), lineId: uuid }),
  ],
  { error: "Unknown cart action." },
);

export type CartAction = z.infer<typeof cartActionSchema>;

/** Parses a cart form; the error is the first message, ready to show. */
export function parseCartAction(
  form: FormData,
): { ok: true; action: CartAction } | { ok: false; error: string } {
  const parsed = cartActionSchema.safeParse(Object.fromEntries(form));
  if (parsed.success) return { ok: true, action: parsed.data };
  return { ok: false, error: parsed.error.issues[0]?.message ?? "Invalid request." };
}
