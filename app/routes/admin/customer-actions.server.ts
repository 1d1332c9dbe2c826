import { formText, parseForm } from "~/lib/forms.ts";
import { tryAuth } from "~server/accounts/auth-call.ts";
import { VERIFIED_CALLBACK } from "~server/auth/auth.ts";
import {
  attachGuestOrder,
  attachOrderSchema,
  customerAccountEmail,
  customerDetailsSchema,
  editCustomerDetails,
  noteAndTagsSchema,
  saveNoteAndTags,
  setSignInDisabled,
} from "~server/customers/actions.ts";
import { ConflictError, RateLimitedError } from "~server/errors.ts";
import { settle } from "~server/http/error-response.ts";
import { CLIENT_IP_HEADER } from "~server/rate-limit/client-ip.ts";
import type { Route } from "./+types/customer";
import { adminFailure, backWithToast, runIntent } from "./admin-actions.server.ts";

type Typed = Record<string, string>;

/**
 * Headers for better-auth calls made for a customer: only the client address (for its rate
 * limits). Never the staff member's cookie: with a session, better-auth's verification email
 * would go to the signed-in staff member instead of the customer.
 */
function bareHeaders(request: Request) {
  const headers = new Headers();
  const ip = request.headers.get(CLIENT_IP_HEADER);
  if (ip) headers.set(CLIENT_IP_HEADER, ip);
  return headers;
}

/** The customer page's actions; the customer is always the one in the URL, never a posted id. */
export async function customerAction({ request, context, params }: Route.ActionArgs) {
  const { db } = context.database;
  const path = `/admin/customers/${params.customerId}`;
  const run = async <T>(
    what: string,
    work: () => Promise<T>,
    success: string | ((value: T) => string),
    form?: FormData,
  ) => {
    const done = await settle(context.log, what, work);
    if (done.ok) return backWithToast(path, typeof success === "string" ? success : success(done.value));
    const errors = Object.fromEntries(Object.entries(done.fieldErrors).map(([k, v]) => [k, v?.[0] ?? ""]));
    return adminFailure<Typed>(done.message, done.status, {
      errors,
      ...(form && { values: formText(form) }),
    });
  };
  const invalid = (form: FormData, errors: Typed) =>
    adminFailure<Typed>({ title: "Check the highlighted fields" }, 400, { errors, values: formText(form) });

  /** A better-auth email (reset or verification) to the account's own address. */
  const authEmail = (what: string, call: (email: string) => Promise<unknown>, success: string) =>
    run(
      what,
      async () => {
        const account = await customerAccountEmail(db, params.customerId);
        const sent = await tryAuth(call(account.email));
        if (!sent.ok && sent.error.status === 429)
          throw new RateLimitedError({ title: "Too many emails", description: "Try again in a minute." }, 60);
        if (!sent.ok) throw new ConflictError({ title: "Not sent", description: sent.error.message });
      },
      success,
    );

  return runIntent<Typed>(await request.formData(), db, {
    save: ({ form }) => {
      const parsed = parseForm(noteAndTagsSchema, form);
      if (!parsed.ok) return Promise.resolve(invalid(form, parsed.errors as Typed));
      return run(
        "saving a customer note failed",
        () => saveNoteAndTags(db, params.customerId, parsed.data),
        "Note and tags saved",
        form,
      );
    },
    details: ({ form }) => {
      const parsed = parseForm(customerDetailsSchema, form);
      if (!parsed.ok) return Promise.resolve(invalid(form, parsed.errors as Typed));
      return run(
        "editing a customer failed",
        async () => {
          const edited = await editCustomerDetails(db, params.customerId, parsed.data);
          if (edited.emailChanged)
            await tryAuth(
              context.auth.api.sendVerificationEmail({
                body: { email: edited.email, callbackURL: VERIFIED_CALLBACK },
                headers: bareHeaders(request),
              }),
            );
          return edited.emailChanged;
        },
        (emailChanged) =>
          emailChanged
            ? "Saved; the new email stays unverified until the customer follows the link sent to it"
            : "Customer details saved",
        form,
      );
    },
    reset: () =>
      authEmail(
        "sending a password reset failed",
        (email) => context.auth.api.requestPasswordReset({ body: { email }, headers: bareHeaders(request) }),
        "Password reset link sent",
      ),
    verify: () =>
      authEmail(
        "resending verification failed",
        (email) =>
          context.auth.api.sendVerificationEmail({
            body: { email, callbackURL: VERIFIED_CALLBACK },
            headers: bareHeaders(request),
          }),
        "Verification email sent",
      ),
    disable: () =>
      run(
        "disabling sign-in failed",
        () => setSignInDisabled(db, params.customerId, true),
        "Sign-in disabled; their sessions ended",
      ),
    enable: () =>
      run(
        "enabling sign-in failed",
        () => setSignInDisabled(db, params.customerId, false),
        "Sign-in enabled",
      ),
    attach: ({ form }) => {
      const parsed = parseForm(attachOrderSchema, form);
      if (!parsed.ok) return Promise.resolve(invalid(form, parsed.errors as Typed));
      return run(
        "attaching a guest order failed",
        () => attachGuestOrder(db, params.customerId, parsed.data),
        "Order attached to the account",
        form,
      );
    },
  });
}
