import { z } from "zod";

/** The most of one line a cart may hold (the database enforces the same range). */
export const MAX_LINE_QUANTITY = 99;

export const quantityMessage = `Please enter a whole number from 1 to ${MAX_LINE_QUANTITY}.`;

/** A quantity typed or sent by the browser: digits only, 1..99. */
export const quantitySchema = z
  .string({ error: quantityMessage })
  .trim()
  .regex(/^\d{1,3}$/, quantityMessage)
  .transform(Number)
  .pipe(z.number().int().min(1, quantityMessage).max(MAX_LINE_QUANTITY, quantityMessage));

const uuid = z.uuid({ error: "Unknown cart item." });

/** Everything the one cart action accepts, by intent. */
export const cartActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("add"), productId: uuid, quantity: quantitySchema }),
    z.object({ intent: z.literal("update"), lineId: uuid, quantity: quantitySchema }),
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
