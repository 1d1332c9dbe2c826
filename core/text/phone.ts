import { z } from "zod";

export const PHONE_INVALID = "Please enter a valid phone number (digits, spaces, +, -, parentheses).";

/** A leading "+", then digits and the separators people type: "+1 (214) 555-0142", "214.555.0142". */
const PHONE_CHARACTERS = /^\+?[0-9 ()\-.]+$/;
const MIN_DIGITS = 7;

/**
 * A phone number a carrier or the shop can dial (the contact form, the address step): only the
 * characters above and at least seven digits, so "🙂🙂🙂" or "( ) -" is refused with a clear message.
 */
export function phoneSchema(requiredMessage: string) {
  return (
    z
      .string()
      .trim()
      .min(1, requiredMessage)
      .max(30, PHONE_INVALID)
      // An empty field has its own message above.
      .refine(
        (v) => v === "" || (PHONE_CHARACTERS.test(v) && (v.match(/\d/g)?.length ?? 0) >= MIN_DIGITS),
        PHONE_INVALID,
      )
  );
}
