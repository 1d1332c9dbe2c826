import pino from "pino";
import { redactSecretLinks } from "./observability/secret-links.ts";

export type Logger = pino.Logger;

/**
 * JSON logs on stdout; one child logger per request carries its request id. A `path` or `url`
 * field and an error's message and stack are written with secret links redacted.
 */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    serializers: { path: redactText, url: redactText, err: redactedError },
  });
}

function redactText(value: unknown) {
  return typeof value === "string" ? redactSecretLinks(value) : value;
}

function redactedError(error: unknown) {
  const serialized = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  if (!serialized || typeof serialized !== "object") return serialized;
  for (const key of ["message", "stack"]) serialized[key] = redactText(serialized[key]);
  return serialized;
}

/** Fields the request's own log line (server/http/app.ts) adds once a loader has learnt them. */
export type RequestLogFields = { userId?: string };

/**
 * Once a request's user is known, every later log line of that request — and the request line
 * itself — carries the user id, so one customer's trail can be followed through the logs.
 */
export function tagRequestUser(context: { log: Logger; logFields?: RequestLogFields }, userId: string): void {
  if (!context.logFields || context.logFields.userId === userId) return;
  context.logFields.userId = userId;
  context.log = context.log.child({ userId });
}
