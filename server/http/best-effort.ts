import { throwIfDatabaseUnreachable } from "../db/availability.ts";
import type { Logger } from "../logger.ts";

type BestEffort<T> = {
  /** The log line's message when it fails ("cart load failed"). */
  failed: string;
  /** What the page shows instead. */
  fallback: T;
  /** warn for work whose absence the person barely notices; error (the default) for the rest. */
  level?: "warn" | "error";
  /** More fields for the log line (an order id). */
  fields?: Record<string, unknown>;
  /**
   * Names what the page cannot be shown without while the database is down: that failure stays
   * the 503 "We'll be right back" (decision 027) instead of a page that looks empty.
   */
  unlessDatabaseDown?: string;
};

/**
 * Work a page or an action can do without (a coupon shown, a guest cart merged, a provider session
 * given up early): a failure is one log line and `fallback` is answered. The other way failures
 * travel; request code never writes its own try/catch (docs/architecture.md).
 */
export async function bestEffort<T>(log: Logger, run: () => Promise<T>, options: BestEffort<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (options.unlessDatabaseDown) throwIfDatabaseUnreachable(error, options.unlessDatabaseDown);
    log[options.level ?? "error"]({ err: error, ...options.fields }, options.failed);
    return options.fallback;
  }
}
