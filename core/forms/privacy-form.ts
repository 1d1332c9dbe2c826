import { z } from "zod";
import { emailAddress, messages } from "./account-forms.ts";

// The privacy request forms (server-side only: the pages that render them stay free of zod).

/** Typed by the admin before an erasure (docs/compliance.md, section 6). */
export const ERASE_CONFIRMATION = "DELETE";

const password = z
  .string()
  .min(1, messages.passwordRequired)
  .max(128, "Please enter at most 128 characters.");

/** "Download my data": the password again, so a borrowed session cannot take everything. */
export const exportRequestSchema = z.object({ password });

/** "Delete my account": the password and the one confirmation. */
export const deleteRequestSchema = z.object({
  password,
  confirm: z.literal("on", { error: "Please confirm that you want your account and data deleted." }),
});

/** The admin's lookup of a request received by email. */
export const privacyLookupSchema = z.object({ email: emailAddress });

export const adminEraseSchema = privacyLookupSchema.extend({
  confirm: z
    .string()
    .trim()
    .refine((v) => v === ERASE_CONFIRMATION, `Type ${ERASE_CONFIRMATION} to confirm.`),
});
