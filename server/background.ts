import { deleteAbandonedGuestCarts } from "./cart/cleanup.ts";
import { expireSandboxPayments } from "./orders/close-order.ts";
import { type ReconcileServices, reconcileOpenPayments } from "./orders/reconcile.ts";
import { sandboxEnabled } from "./payments/registry.ts";
import type { Services } from "./services.ts";
import { endDueSandboxSubscriptions, renewDueSandboxSubscriptions } from "./subscriptions/due-renewals.ts";
import { endLapsedPaypalSubscriptions } from "./subscriptions/lapsed.ts";

const SWEEP_MS = 60_000;

type SweepServices = ReconcileServices & {
  /** False once real payment keys are set: test-mode subscriptions then end instead of renewing. */
  sandboxEnabled?: boolean;
};

/**
 * One run of the minute loop: expires abandoned payment sessions (giving their coupon
 * reservations back), renews the sandbox subscriptions whose month is over and ends PayPal
 * subscriptions cancelled at period end once that period is over, and deletes guest carts
 * abandoned for months. Each step logs its
 * own failure, so one failing never stops the other.
 */
export async function runSweep(services: SweepServices, now = new Date()): Promise<void> {
  const { database, mailer, log, sandboxEnabled = true } = services;
  await expireSandboxPayments(database.db, now).catch((error) =>
    log.error({ err: error }, "session sweep failed"),
  );
  const sandboxRenewals = sandboxEnabled
    ? renewDueSandboxSubscriptions(database.db, mailer, now)
    : endDueSandboxSubscriptions(database.db, now);
  await sandboxRenewals.catch((error) => log.error({ err: error }, "sandbox renewals failed"));
  await endLapsedPaypalSubscriptions(database.db, now).catch((error) =>
    log.error({ err: error }, "ending lapsed PayPal subscriptions failed"),
  );
  await reconcileOpenPayments(services, now).catch((error) =>
    log.error({ err: error }, "payment reconciliation failed"),
  );
  await deleteAbandonedGuestCarts(database.db, now).catch((error) =>
    log.error({ err: error }, "guest cart cleanup failed"),
  );
}

/**
 * Timers the server process runs besides answering requests: mail delivery retries, the product
 * view flush and the minute sweep above. (Old rate-limit windows are deleted as new windows start, so they need no timer.)
 * Returns the function that stops them (graceful shutdown waits for it and a running sweep).
 */
export function startBackgroundJobs(services: Services): () => Promise<void> {
  services.mailer.start();
  services.productViews.start();
  let running: Promise<void> | null = null;
  const sweep = setInterval(() => {
    // A slow sweep is never overlapped by the next one of this process.
    if (running) return;
    running = runSweep({ ...services, sandboxEnabled: sandboxEnabled(services.config) }).finally(() => {
      running = null;
    });
  }, SWEEP_MS);
  sweep.unref();
  return async () => {
    clearInterval(sweep);
    await running;
    // Views counted since the last flush are written before the database closes.
    await services.productViews.stop();
    return services.mailer.stop();
  };
}
