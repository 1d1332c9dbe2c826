import { z } from "zod";
import { COMMON_PASSWORD_LIST } from "./common-password-list.ts";

export const COMMON_PASSWORD_MESSAGE =
  "This password is one of the most common and easy to guess. Please choose another.";

// Built once, on first use: about 8,000 entries.
let common: Set<string> | undefined;

/** Whether `password` is on the list of the most common passwords (case and surrounding spaces ignored). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(COMMON_PASSWORD_LIST.split("\n").filter(Boolean));
  return common.has(password.trim().toLowerCase());
}

/** A new password's extra rule on the server; the length rules stay in core/forms/account-forms.ts. */
export const notCommonPassword = z.string().refine((p) => !isCommonPassword(p), COMMON_PASSWORD_MESSAGE);
