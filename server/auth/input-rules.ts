import { APIError } from "better-auth/api";
import { z } from "zod";
import {
  forgotPasswordSchema,
  fullName,
  signInSchema,
  signUpSchema,
} from "../../core/forms/account-forms.ts";
import { notCommonPassword } from "./common-passwords.ts";
import { passkeyBodyRules } from "./passkeys.ts";

/**
 * The auth API takes the same input as our forms: better-auth's own schemas accept any length and
 * extra fields, so a direct POST to /api/auth/sign-up/email could store a 200,000-character name.
 */
const bodyRules: Record<string, z.ZodType> = {
  // Bounded before the rate limits put the address into their keys (other fields pass through).
  "/sign-in/email": signInSchema.extend({ password: signInSchema.shape.password.max(128) }),
  "/request-password-reset": forgotPasswordSchema,
  "/send-verification-email": forgotPasswordSchema,
  "/sign-up/email": signUpSchema
    .extend({
      password: signUpSchema.shape.password.pipe(notCommonPassword),
      callbackURL: z.string().max(2048).optional(),
      rememberMe: z.boolean().optional(),
    })
    .strict(),
  // A new password is never one of the most common (the minimum length is better-auth's own rule).
  "/change-password": z.object({ newPassword: notCommonPassword }),
  "/reset-password": z.object({ newPassword: notCommonPassword }),
  "/update-user": z.object({ name: fullName.optional() }).strict(),
  ...passkeyBodyRules,
};

export const INVALID_INPUT = "INVALID_INPUT";

/** Refuses a body that breaks the rules with 400 and the first rule's message. */
export function checkAuthInput(ctx: { path: string; body?: unknown }) {
  const rules = bodyRules[ctx.path];
  if (!rules) return;
  const parsed = rules.safeParse(ctx.body ?? {});
  if (parsed.success) return;
  throw new APIError("BAD_REQUEST", { code: INVALID_INPUT, message: parsed.error.issues[0]!.message });
}
