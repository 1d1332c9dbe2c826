import { z } from "zod";
import { PROP65_ENDPOINTS } from "../legal/prop65.ts";

/**
 * The admin's label forms (server-side rules; kept out of core/legal/, which pages may import).
 * Lengths and counts keep one label within what a printed panel holds.
 */
export const LABEL_LIMITS = {
  ingredients: 30,
  claims: 10,
  claimLength: 300,
  chemicals: 5,
} as const;

export const INGREDIENT_UNITS = ["mg", "mcg", "g", "IU", "mL"] as const;

const text = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `Keep ${what} under ${max + 1} characters.`);
const required = (max: number, what: string) => text(max, what).min(1, `Enter ${what}.`);

/** A number typed in a text field: "" is missing, anything else must be a number ≥ 0. */
const amount = (max: number, message: string) =>
  z
    .string()
    .trim()
    .min(1, message)
    .transform(Number)
    .pipe(z.number({ message }).finite(message).min(0, message).max(max, message));

const ingredientSchema = z.object({
  name: required(100, "the ingredient's name"),
  amount: amount(1_000_000, "Enter an amount of 0 or more (up to 1,000,000)."),
  unit: z.enum(INGREDIENT_UNITS, { message: "Choose a unit." }),
  dailyValuePercent: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? null : v),
    amount(10_000, "Enter a % Daily Value from 0 to 10,000, or leave it empty for †.").nullable(),
  ),
});

/** One typed ingredient row, as the form posts it (all text). */
export type IngredientRow = { name: string; amount: string; unit: string; dailyValuePercent: string };

export const supplementFactsSchema = z.object({
  servingSize: required(100, "the serving size"),
  servingsPerContainer: required(50, "the servings per container"),
  ingredients: z
    .array(ingredientSchema)
    .min(1, "Add at least one dietary ingredient.")
    .max(LABEL_LIMITS.ingredients, `Use at most ${LABEL_LIMITS.ingredients} ingredients.`),
  otherIngredients: text(1000, "the other ingredients"),
  directions: text(1000, "the directions"),
  warnings: text(2000, "the warnings"),
});
export type SupplementFactsInput = z.infer<typeof supplementFactsSchema>;

/** Claims one per line; the Prop 65 chemicals separated by commas. */
export const productLabelSchema = z
  .object({
    claims: z
      .string()
      .max(5000, "Keep the claims under 5,000 characters.")
      .transform((v) =>
        v
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter(Boolean),
      )
      .pipe(
        z
          .array(
            z
              .string()
              .max(
                LABEL_LIMITS.claimLength,
                `Keep each claim under ${LABEL_LIMITS.claimLength + 1} characters.`,
              ),
          )
          .max(LABEL_LIMITS.claims, `Use at most ${LABEL_LIMITS.claims} claims.`),
      ),
    prop65Warning: z.boolean(),
    prop65Chemicals: z
      .string()
      .max(400, "Keep the chemicals under 400 characters.")
      .transform((v) =>
        v
          .split(",")
          .map((name) => name.trim())
          .filter(Boolean),
      )
      .pipe(
        z
          .array(z.string().max(60, "Keep each chemical's name under 61 characters."))
          .max(LABEL_LIMITS.chemicals, `Name at most ${LABEL_LIMITS.chemicals} chemicals.`),
      ),
    prop65Endpoint: z.preprocess((v) => (v === "" ? null : v), z.enum(PROP65_ENDPOINTS).nullable()),
  })
  .refine((l) => !l.prop65Warning || l.prop65Chemicals.length > 0, {
    message: "Name the chemical(s) the warning is for, e.g. lead.",
    path: ["prop65Chemicals"],
  })
  .refine((l) => !l.prop65Warning || l.prop65Endpoint !== null, {
    message: "Choose what the chemical is known to cause.",
    path: ["prop65Endpoint"],
  });
export type ProductLabelInput = z.infer<typeof productLabelSchema>;
