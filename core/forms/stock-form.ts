import { z } from "zod";
import { MAX_STOCK_QUANTITY } from "../catalog/stock.ts";

/** The admin's stock adjustment form (server-side rules; kept out of core/catalog/stock.ts, which the storefront loads). */
const count = z
  .string()
  .trim()
  .min(1, "Enter a quantity.")
  .transform(Number)
  .pipe(
    z
      .number({ message: "Enter a whole number." })
      .int("Enter a whole number.")
      .max(MAX_STOCK_QUANTITY, `Enter at most ${MAX_STOCK_QUANTITY.toLocaleString("en-US")}.`)
      .min(-MAX_STOCK_QUANTITY, `Enter at least -${MAX_STOCK_QUANTITY.toLocaleString("en-US")}.`),
  );

/** The admin's stock adjustment form: set the count, or add/remove units, with a reason. */
export const stockAdjustmentSchema = z.object({
  variantId: z.string().uuid("Choose a variant."),
  mode: z.enum(["set", "add"], { message: "Choose whether to set or change the count." }),
  quantity: count,
  reason: z.enum(["adjustment", "correction", "received"], { message: "Choose a reason." }),
  note: z.string().trim().max(500, "Keep the note under 500 characters.").optional().default(""),
});
export type StockAdjustment = z.infer<typeof stockAdjustmentSchema>;
