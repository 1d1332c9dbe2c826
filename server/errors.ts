/**
 * The domain's typed failures. A domain function throws one of these when it cannot do what was
 * asked; it says what went wrong and what the person should be told, never how HTTP answers it:
 * server/http/error-response.ts is the one place that turns them (and anything unexpected) into a
 * status, a toast and a log line.
 */

/** What the person is told: a toast title and, usually, a sentence (the spec's exact texts). */
export type UserMessage = { title: string; description?: string };

export type DomainErrorKind =
  | "not_found"
  | "forbidden"
  | "conflict"
  | "invalid_input"
  | "provider_failure"
  | "rate_limited"
  | "service_unavailable";

export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;
  constructor(
    readonly userMessage: UserMessage,
    options?: ErrorOptions,
  ) {
    super(userMessage.description ?? userMessage.title, options);
    this.name = new.target.name;
  }
}

/** The thing asked for does not exist (or is not this person's to see). */
export class NotFoundError extends DomainError {
  readonly kind = "not_found";
}

/** The person's role does not allow this change (checked by the domain, beyond the route's rule). */
export class ForbiddenError extends DomainError {
  readonly kind = "forbidden";
}

/** The request clashes with the current state (sold out, already used, changed meanwhile). */
export class ConflictError extends DomainError {
  readonly kind = "conflict";
}

/** What was typed or posted breaks a rule; `fieldErrors` name the fields when there are any. */
export class InvalidInputError extends DomainError {
  readonly kind = "invalid_input";
  constructor(
    userMessage: UserMessage,
    readonly fieldErrors: Record<string, string[] | undefined> = {},
    options?: ErrorOptions,
  ) {
    super(userMessage, options);
  }
}

/** A payment provider (or another outside service) refused or failed; `cause` has its answer. */
export class ProviderFailureError extends DomainError {
  readonly kind = "provider_failure";
}

/** Too many attempts from this client; try again after `retryAfterSeconds`. */
export class RateLimitedError extends DomainError {
  readonly kind = "rate_limited";
  constructor(
    userMessage: UserMessage,
    readonly retryAfterSeconds: number,
    options?: ErrorOptions,
  ) {
    super(userMessage, options);
  }
}

/** Seconds a client is asked to wait before trying again when the shop is unavailable (Retry-After). */
export const RETRY_AFTER_SECONDS = 5;

const BACK_SOON: UserMessage = {
  title: "We'll be right back",
  description: "The shop is briefly unavailable. Please try again in a moment.",
};

/**
 * Our own database (or storage) did not answer: nothing the person did wrong, try again later.
 * Answered as a 503 with Retry-After, never as a 500 (docs/decisions/027-database-outage.md).
 * `detail` is what the log says (the person only ever sees the user message).
 */
export class ServiceUnavailableError extends DomainError {
  readonly kind = "service_unavailable";
  readonly retryAfterSeconds = RETRY_AFTER_SECONDS;
  constructor(userMessage: UserMessage = BACK_SOON, options?: ErrorOptions & { detail?: string }) {
    super(userMessage, options);
    if (options?.detail) this.message = options.detail;
  }
}
