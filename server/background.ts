import type { Services } from "./services.ts";

/**
 * Timers the server process runs besides answering requests: mail delivery retries.
 * (Old rate-limit windows are deleted as new windows start, so they need no timer.)
 * Returns the function that stops them (graceful shutdown waits for it).
 */
export function startBackgroundJobs({ mailer }: Services): () => Promise<void> {
  mailer.start();
  return () => mailer.stop();
}
