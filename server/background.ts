import { expireSandboxSessions } from "./payments/sandbox.ts";
import type { Services } from "./services.ts";

const SESSION_SWEEP_MS = 60_000;

/**
 * Timers the server process runs besides answering requests: mail delivery retries and the
 * expiry of abandoned payment sessions (which gives their coupon reservations back).
 * (Old rate-limit windows are deleted as new windows start, so they need no timer.)
 * Returns the function that stops them (graceful shutdown waits for it).
 */
export function startBackgroundJobs({ mailer, database, log }: Services): () => Promise<void> {
  mailer.start();
  const sweep = setInterval(() => {
    void expireSandboxSessions(database.db).catch((error) =>
      log.error({ err: error }, "session sweep failed"),
    );
  }, SESSION_SWEEP_MS);
  sweep.unref();
  return () => {
    clearInterval(sweep);
    return mailer.stop();
  };
}
