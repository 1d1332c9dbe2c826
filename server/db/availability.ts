/**
 * Is the database there? (docs/decisions/027-database-outage.md)
 *
 * When PostgreSQL goes away, asking it again on every request only makes each request wait for
 * its own failure. After one failure is confirmed, the tracker says "unavailable" at once, and a
 * probe asks the database every half second until it answers again: requests fail fast with a
 * 503 meanwhile, and the shop comes back by itself.
 */

import { RETRY_AFTER_SECONDS, ServiceUnavailableError } from "../errors.ts";

export { RETRY_AFTER_SECONDS, ServiceUnavailableError };

/** Socket errors (Node) and postgres.js's own connection errors. */
const CONNECTION_ERROR_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
]);

/** SQLSTATEs of a server that is stopping, starting or full; class 08 is "connection exception". */
const SERVER_GONE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);

/**
 * True when the error (or one of its causes: Drizzle wraps the driver's error) says the database
 * could not be reached, as opposed to a query that failed on a database that answered.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === "object" && depth < 5; depth++) {
    if (current instanceof ServiceUnavailableError) return true;
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") {
      if (CONNECTION_ERROR_CODES.has(code) || SERVER_GONE_SQLSTATES.has(code)) return true;
      if (/^08[0-9A-Z]{3}$/.test(code)) return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * For code that turns a failed load into a fallback (an empty list, an empty cart, "processing
 * error"): a database that cannot be reached is not such a failure, it is answered 503.
 */
export function throwIfDatabaseUnreachable(error: unknown, what: string) {
  if (isDatabaseUnreachable(error))
    throw new ServiceUnavailableError(undefined, { cause: error, detail: `${what}: database unreachable` });
}

type AvailabilityLog = {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
};

export type AvailabilityOptions = {
  /** How often the database is asked while it is away. */
  probeIntervalMs?: number;
  /** A probe that takes longer counts as a failure (a server that does not answer at all). */
  probeTimeoutMs?: number;
  log?: AvailabilityLog;
};

export class DatabaseAvailability {
  private downSince: number | null = null;
  private probing: Promise<boolean> | null = null;
  private retry: NodeJS.Timeout | undefined;
  private readonly probeIntervalMs: number;
  private readonly probeTimeoutMs: number;
  private readonly log: AvailabilityLog | undefined;

  constructor(
    private readonly ping: () => Promise<void>,
    options: AvailabilityOptions = {},
  ) {
    this.probeIntervalMs = options.probeIntervalMs ?? 500;
    this.probeTimeoutMs = options.probeTimeoutMs ?? 1000;
    this.log = options.log;
  }

  /** False from a confirmed failure until a probe succeeds. */
  get available() {
    return this.downSince === null;
  }

  /** Throws ServiceUnavailableError while the database is known to be away. */
  assertAvailable() {
    if (!this.available) throw new ServiceUnavailableError();
  }

  /**
   * Asks the database now; true when it answered in time. Concurrent callers share one probe, so
   * a burst of failing requests sends one `select 1`, not one each.
   */
  probe(): Promise<boolean> {
    this.probing ??= withTimeout(this.ping(), this.probeTimeoutMs)
      .then(
        () => this.markAvailable(),
        (error: unknown) => this.markUnavailable(error),
      )
      .finally(() => {
        this.probing = null;
      });
    return this.probing;
  }

  /** Stops the probe loop (shutdown). */
  stop() {
    clearTimeout(this.retry);
    this.retry = undefined;
  }

  private markAvailable() {
    if (this.downSince !== null) {
      this.log?.info({ downMs: Math.round(performance.now() - this.downSince) }, "database is back");
      this.downSince = null;
    }
    this.stop();
    return true;
  }

  private markUnavailable(error: unknown) {
    if (this.downSince === null) {
      this.downSince = performance.now();
      this.log?.warn({ err: error }, "database unavailable: answering 503 until it is back");
    }
    this.scheduleProbe();
    return false;
  }

  private scheduleProbe() {
    if (this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.probe();
    }, this.probeIntervalMs);
    this.retry.unref();
  }
}

function withTimeout(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ServiceUnavailableError(undefined, { detail: `no answer within ${ms} ms` })),
      ms,
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
