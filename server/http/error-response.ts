import { data } from "react-router";
import { type ActionToast, actionToast } from "../../core/toast.ts";
import { isDatabaseUnreachable } from "../db/availability.ts";
import {
  DomainError,
  type DomainErrorKind,
  RateLimitedError,
  ServiceUnavailableError,
  type UserMessage,
} from "../errors.ts";
import type { Logger } from "../logger.ts";

/**
 * The one error → response map. Every loader and action that can fail hands the error here and
 * gets back the HTTP status, the toast to show and the field errors, after one log line. Thrown
 * Responses (redirects, deliberate `data(…, 404)`) are not failures: they pass through unchanged.
 */
export type Failure = {
  status: number;
  message: UserMessage;
  fieldErrors: Record<string, string[] | undefined>;
  headers: Headers;
};

const statusOf: Record<DomainErrorKind, number> = {
  invalid_input: 400,
  not_found: 404,
  forbidden: 403,
  conflict: 409,
  rate_limited: 429,
  provider_failure: 502,
  service_unavailable: 503,
};

/**
 * What an unexpected error (a database refusal, a bug) tells the person. `showServerMessage` puts
 * the server's own words in the description (the spec's back office "server message" toasts).
 */
export type Unexpected = UserMessage & { status?: number; showServerMessage?: boolean };

/** The database's own words: Drizzle wraps them as the cause, its own message is the whole SQL. */
export function serverMessage(error: unknown): string {
  const reason = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return reason instanceof Error && reason.message ? reason.message : "Unknown error";
}

/** The answer for `error`; rethrows Responses, which are answers already. */
export function failureOf(error: unknown, unexpected: Unexpected = { title: "Error" }): Failure {
  if (error instanceof Response) throw error;
  // Our database away is never the person's 500 (decision 027): the "We'll be right back" 503.
  if (!(error instanceof DomainError) && isDatabaseUnreachable(error))
    return failureOf(
      new ServiceUnavailableError(undefined, { cause: error, detail: "database unreachable" }),
    );
  const headers = new Headers();
  if (error instanceof DomainError) {
    if (error instanceof RateLimitedError || error instanceof ServiceUnavailableError)
      headers.set("Retry-After", String(error.retryAfterSeconds));
    const fieldErrors = "fieldErrors" in error ? (error.fieldErrors as Failure["fieldErrors"]) : {};
    return { status: statusOf[error.kind], message: error.userMessage, fieldErrors, headers };
  }
  const { status = 500, showServerMessage, ...message } = unexpected;
  const description = showServerMessage ? serverMessage(error) : message.description;
  return { status, message: { title: message.title, description }, fieldErrors: {}, headers };
}

/** One line per failure: the person's mistakes are warnings, ours and the providers' are errors. */
function logFailure(log: Pick<Logger, "warn" | "error">, what: string, error: unknown, failure: Failure) {
  const level = failure.status >= 500 ? "error" : "warn";
  log[level]({ err: error, status: failure.status }, what);
}

/** Maps and logs `error` in one step (see failureOf). */
export function reportFailure(
  log: Pick<Logger, "warn" | "error">,
  what: string,
  error: unknown,
  unexpected: Unexpected,
): Failure {
  const failure = failureOf(error, unexpected);
  logFailure(log, what, error, failure);
  return failure;
}

export type Settled<T> = { ok: true; value: T } | ({ ok: false } & Failure);

/**
 * Runs work that may fail: its value, or the mapped and logged failure, so a loader or a save can
 * answer with a message instead of a 500 page. `what` names the work in the log line.
 */
export async function settle<T>(
  log: Pick<Logger, "warn" | "error">,
  what: string,
  run: () => Promise<T>,
  unexpected: Unexpected = { title: "Error", showServerMessage: true, status: 503 },
): Promise<Settled<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    return { ok: false, ...reportFailure(log, what, error, unexpected) };
  }
}

/**
 * The one field-error shape forms show: the first message per field (`FieldErrors` of
 * app/lib/forms.ts). A domain error may name several per field; the form shows the first.
 */
export function fieldMessages(failure: Pick<Failure, "fieldErrors">): Partial<Record<string, string>> {
  return Object.fromEntries(
    Object.entries(failure.fieldErrors).map(([field, messages]) => [field, messages?.[0]]),
  );
}

/** The toast of a failure, as actions return it. */
export function failureToast(failure: Pick<Failure, "message">): ActionToast {
  return actionToast({ ...failure.message, variant: "destructive" });
}

/** An action's failure answer: its page data plus the toast, with the mapped status and headers. */
export function failureData<B extends object>(failure: Failure, body: B) {
  return data(
    { ...body, toast: failureToast(failure) },
    { status: failure.status, headers: failure.headers },
  );
}

/**
 * An action's work with its failures answered in one place: the value of `run`, or — for a
 * thrown DomainError or anything unexpected — the mapped status, toast and headers with
 * `body(failure)` (page data such as field errors and what was typed), after one log line.
 * Redirects and other thrown Responses pass through. Routes use this instead of a try/catch.
 */
export async function settleAction<T, B extends object>(
  log: Pick<Logger, "warn" | "error">,
  what: string,
  run: () => Promise<T>,
  answer: { unexpected?: Unexpected; body: (failure: Failure) => B },
) {
  const settled = await settle(log, what, run, answer.unexpected);
  return settled.ok ? settled.value : failureData(settled, answer.body(settled));
}
