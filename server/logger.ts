import pino from "pino";

export type Logger = pino.Logger;

/** JSON logs on stdout; one child logger per request carries its request id. */
export function createLogger(level: string): Logger {
  return pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime });
}

/** Fields the request's own log line (server/http.ts) adds once a loader has learnt them. */
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
