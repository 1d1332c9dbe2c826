import { pruneRateLimitHits } from "./rate-limit/rate-limit.ts";
import type { Services } from "./services.ts";

const HOURLY = 60 * 60 * 1000;

/**
 * Timers the server process runs besides answering requests: mail retries and clean-up of old
 * rate-limit windows. Returns the function that stops them (graceful shutdown waits for it).
 */
export function startBackgroundJobs({ mailer, database, log }: Services): () => Promise<void> {
  mailer.start();
  const prune = setInterval(() => {
    pruneRateLimitHits(database.db).catch((error) => log.warn({ err: error }, "rate-limit clean-up failed"));
  }, HOURLY);
  prune.unref();
  return async () => {
    clearInterval(prune);
    await mailer.stop();
  };
}
