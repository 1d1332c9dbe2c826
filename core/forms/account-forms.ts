import { z } from "zod";

/**
 * The account forms' rules and messages (spec, sections 5 and 8). Pure and client-safe: the
 * actions validate with them on the server.
 */
export const PASSWORD_MIN = 6;
export const messages = {
  nameRequired: "Please enter your full name.",
  emailRequired: "Please enter your email address.",
  emailInvalid: "Please enter a valid email address.",
  passwordRequired: "Please enter your password.",
  passwordTooShort: "Password must be at least 6 characters long.",
  confirmRequired: "Please confirm your new password.",
  passwordsDiffer: "Passwords do not match.",
  codeInvalid: "Enter the 6-digit code from your authenticator app.",
  backupCodeRequired: "Enter one of your backup codes.",
  nameTooLong: "Please enter at most 100 characters for your name.",
  emailTooLong: "Please enter an email address of at most 254 characters.",
} as const;

export const NAME_MAX = 100;

const email = z
  .string()
  .trim()
  .min(1, messages.emailRequired)
  .max(254, messages.emailTooLong)
  .pipe(z.email(messages.emailInvalid))
  .transform((v) => v.toLowerCase());

const newPassword = z
  .string()
  .min(1, messages.passwordRequired)
  .min(PASSWORD_MIN, messages.passwordTooShort)
  .max(128);

export const signInSchema = z.object({
  email,
  password: z.string().min(1, messages.passwordRequired),
  redirectTo: z.string().optional(),
});

/** A person's full name, as the sign-up form and the auth API (server/auth/input-rules.ts) accept it. */
export const fullName = z.string().trim().min(1, messages.nameRequired).max(NAME_MAX, messages.nameTooLong);

export const signUpSchema = z.object({
  name: fullName,
  email,
  password: newPassword,
});

export const forgotPasswordSchema = z.object({ email });

export const resendVerificationSchema = z.object({ email });

/** New password twice; the mismatch message belongs to the confirmation field. */
export const newPasswordSchema = z
  .object({
    password: newPassword,
    confirmPassword: z.string().min(1, messages.confirmRequired),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: messages.passwordsDiffer,
    path: ["confirmPassword"],
  });

export const resetPasswordSchema = newPasswordSchema.and(z.object({ token: z.string().min(1) }));

export const changePasswordSchema = newPasswordSchema.and(
  z.object({ currentPassword: z.string().min(1, messages.passwordRequired) }),
);

export const totpCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, messages.codeInvalid),
  redirectTo: z.string().optional(),
});

export const backupCodeSchema = z.object({
  code: z.string().trim().min(1, messages.backupCodeRequired),
  redirectTo: z.string().optional(),
});

/** An email address as the account forms read it (trimmed, lower-case); the admin's privacy lookup too. */
export const emailAddress = email;
