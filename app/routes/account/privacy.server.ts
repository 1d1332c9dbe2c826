import type { z } from "zod";
import { type FieldErrors, parseForm } from "~/lib/forms.ts";
import { tryAuth } from "~server/accounts/auth-call.ts";
import { requireUser, type SessionUser } from "~server/auth/session.ts";
import type { RequestContext } from "~server/context.ts";
import { settle } from "~server/http/error-response.ts";
import { checkPrivacyRateLimit } from "~server/privacy/limits.ts";

/** Why a privacy form was refused: the field messages, or one message for the form. */
export type PrivacyRefusal = {
  ok: false;
  status: number;
  headers?: Headers;
  errors: FieldErrors;
  formError?: string;
  /** A short code for the export's redirect back to the page (no JavaScript, no toast). */
  code: "invalid" | "password" | "limited" | "unavailable";
};

export const WRONG_PASSWORD = "Your password is not correct.";

/**
 * The checks both privacy forms share, in order: signed in (else to /auth), the form's fields,
 * the rate limit (which also counts password guesses) and the account's password.
 */
export async function checkPrivacyForm<S extends z.ZodType<{ password: string }>>(
  context: RequestContext,
  request: Request,
  schema: S,
): Promise<{ ok: true; user: SessionUser; data: z.output<S> } | PrivacyRefusal> {
  const user = await requireUser(context, request);
  const parsed = parseForm(schema, await request.formData());
  if (!parsed.ok) return { ok: false, status: 400, errors: parsed.errors, code: "invalid" };
  const db = context.database.db;
  const limited = await settle(context.log, "privacy request refused", () =>
    checkPrivacyRateLimit(db, user.id, context.clientIp),
  );
  if (!limited.ok) {
    const { status, headers, message } = limited;
    const code = status === 429 ? "limited" : "unavailable";
    return { ok: false, status, headers, errors: {}, formError: message.description, code };
  }
  const verified = await tryAuth(
    context.auth.api.verifyPassword({ body: { password: parsed.data.password }, headers: request.headers }),
  );
  if (!verified.ok) return { ok: false, status: 400, errors: { password: WRONG_PASSWORD }, code: "password" };
  return { ok: true, user, data: parsed.data };
}
