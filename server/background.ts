import { sendCartReminders } from "./abandoned-carts/reminders.ts";
import { AUDIT_PRUNE_MS, pruneAuditLog } from "./audit/retention.ts";
import { runOpenBulkRequests } from "./bulk-orders/run.ts";
import { deleteAbandonedGuestCarts } from "./cart/cleanup.ts";
import { publishDueProducts } from "./catalog/publish-due.ts";
import { VIEW_FLUSH_MS } from "./catalog/view-counter.ts";
import type { Db } from "./db/client.ts";
import { type Job, startJobs } from "./jobs/runner.ts";
import { expireSandboxPayments } from "./orders/close-order.ts";
import { sendDueStatusNotices } from "./orders/notify.ts";
import { type ReconcileServices, reconcileOpenPayments } from "./paid-orders/reconcile.ts";
import { subscriptionChanger } from "./payments/changers.ts";
import { type ProviderName, sandboxEnabled } from "./payments/registry.ts";
import { pruneRateLimitHits } from "./rate-limit/rate-limit.ts";
import { inviteShippedOrders } from "./reviews/invitation.ts";
import type { Services } from "./services.ts";
import { endDueSandboxSubscriptions, renewDueSandboxSubscriptions } from "./subscriptions/due-renewals.ts";
import { endUnpaidSubscriptions } from "./subscriptions/dunning.ts";
import { endLapsedPaypalSubscriptions } from "./subscriptions/lapsed.ts";
import { resumeDuePaypalPauses } from "./subscriptions/pause.ts";
import { sendRenewalReminders } from "./subscriptions/reminders.ts";
import { sendDueRenewalNotices } from "./subscriptions/renewal-notices.ts";
import { pruneWebhookEvents } from "./webhooks/prune.ts";

/** The webhook event log is pruned hourly (retention in days, decision 039). */
const WEBHOOK_PRUNE_MS = 60 * 60 * 1000;

type SweepServices = ReconcileServices & {
  /** False once real payment keys are set: test-mode subscriptions then end instead of renewing. */
  sandboxEnabled?: boolean;
};

type SweepStep = { name: string; run: (db: Db, services: SweepServices, now: Date) => Promise<unknown> };

/** The minute sweep's steps, in order. A new periodic task of the shop goes here. */
const sweepSteps: SweepStep[] = [
  // Abandoned payment sessions expire and give their coupon reservations back.
  { name: "payment session expiry", run: (db, _s, now) => expireSandboxPayments(db, now) },
  // Sandbox subscriptions whose month is over renew (or end, once real payment keys are set).
  {
    name: "sandbox renewals",
    run: (db, s, now) =>
      s.sandboxEnabled === false
        ? endDueSandboxSubscriptions(db, now)
        : renewDueSandboxSubscriptions(db, s.mailer, now),
  },
  // PayPal subscriptions cancelled at period end end once that period is over.
  { name: "lapsed PayPal subscriptions", run: (db, _s, now) => endLapsedPaypalSubscriptions(db, now) },
  // PayPal subscriptions whose pause is over are activated again (PayPal has no resume date).
  {
    name: "paused PayPal subscriptions",
    run: (db, s, now) => resumeDuePaypalPauses(selfServiceDeps(db, s), now),
  },
  // Subscriptions past due after failed payments end (PayPal's after a grace period), told once.
  {
    name: "unpaid subscriptions",
    run: (db, s, now) => {
      const deps = selfServiceDeps(db, s);
      const endAtProvider = (row: {
        provider: ProviderName;
        id: string;
        providerSubscriptionId: string | null;
      }) => deps.changerFor(row.provider).cancelNow(row);
      return endUnpaidSubscriptions({ ...deps, endAtProvider }, now);
    },
  },
  // Open payment sessions the provider reports paid are fulfilled (a payment is never left without its order).
  { name: "payment reconciliation", run: (_db, s, now) => reconcileOpenPayments(s, now) },
  { name: "guest cart cleanup", run: (db, _s, now) => deleteAbandonedGuestCarts(db, now) },
  // Rate-limit windows a day old can no longer limit anything.
  { name: "rate limit windows", run: (db, _s, now) => pruneRateLimitHits(db, now) },
  // Automatic-renewal notices: price changes whose notice day came, yearly reminders (decision 046).
  { name: "renewal notices", run: (db, s, now) => sendDueRenewalNotices(db, s.mailer, now) },
];

/** The self-service changes' dependencies for a background step (the system acts, not a person). */
function selfServiceDeps(db: Db, services: SweepServices) {
  const config = services.config ?? { stripe: undefined, paypal: undefined, publicUrl: "" };
  return {
    db,
    mailer: services.mailer,
    publicUrl: config.publicUrl,
    changerFor: (name: ProviderName) => subscriptionChanger({ config }, name),
  };
}

/**
 * One run of the minute sweep. Each step logs its own failure, so one failing never stops the
 * others; returns the names of the steps that failed.
 */
export async function runSweep(services: SweepServices, now = new Date()): Promise<string[]> {
  const failed: string[] = [];
  for (const step of sweepSteps) {
    await step.run(services.database.db, services, now).catch((error) => {
      services.log.error({ err: error, step: step.name }, `${step.name} failed`);
      failed.push(step.name);
    });
  }
  return failed;
}

/**
 * The background work of the shop (server/jobs/runner.ts runs it; decision 025). Cluster jobs run
 * once per tick across all instances on one database; instance jobs run in every process.
 */
export function backgroundJobs(services: Services): Job[] {
  const { config, mailer, productViews } = services;
  return [
    {
      name: "sweep",
      everyMs: config.jobs.sweepMs,
      scope: "cluster",
      run: async (now) => {
        const failed = await runSweep({ ...services, sandboxEnabled: sandboxEnabled(config) }, now);
        if (failed.length > 0) throw new Error(`sweep steps failed: ${failed.join(", ")}`);
      },
    },
    {
      // Abandoned-cart reminders (docs/abandoned-carts.md); each reminder is claimed by a unique row too.
      name: "abandoned cart reminders",
      everyMs: config.jobs.sweepMs,
      scope: "cluster",
      run: async (now) => {
        await sendCartReminders({ db: services.database.db, mailer, linkSecret: services.linkSecret }, now);
      },
    },
    {
      // Renewal reminders 3 days ahead (docs/subscriptions.md); each claimed by a unique row too.
      name: "subscription renewal reminders",
      everyMs: config.jobs.sweepMs,
      scope: "cluster",
      run: async (now) => {
        await sendRenewalReminders({ db: services.database.db, mailer, publicUrl: config.publicUrl }, now);
      },
    },
    {
      // Drafts with a publish time that has come go live (docs/catalog-and-cart.md).
      name: "scheduled products",
      everyMs: config.jobs.sweepMs,
      scope: "cluster",
      run: async (now) => {
        await publishDueProducts(services.database.db, now);
      },
    },
    {
      // Review invitations for orders left at "shipped" 7+ days (docs/reviews.md); claimed per order.
      name: "review invitations",
      everyMs: config.jobs.sweepMs,
      scope: "cluster",
      run: async (now) => {
        await inviteShippedOrders(services.database.db, mailer, now);
      },
    },
    {
      // Status emails whose undo minute is over, messages left unrendered by a stopped process,
      // and SMTP retries that are due.
      name: "mail delivery",
      everyMs: config.jobs.mailRetryMs,
      scope: "cluster",
      run: async (now) => {
        await sendDueStatusNotices(services.database.db, mailer, now, services.log);
        await mailer.renderLeftOver();
        await mailer.deliverDue();
      },
    },
    {
      // Bulk order actions a stopped process left unfinished (docs/fulfilment.md); each order claimed once.
      name: "bulk order actions",
      everyMs: config.jobs.sweepMs,
      scope: "cluster",
      run: async () => {
        await runOpenBulkRequests({ db: services.database.db, mailer, log: services.log });
      },
    },
    {
      name: "prune webhook events",
      everyMs: WEBHOOK_PRUNE_MS,
      scope: "cluster",
      run: async (now) => {
        await pruneWebhookEvents(services.database.db, config.jobs.webhookEventRetentionDays, now);
      },
    },
    {
      // The audit log keeps entries for the owner's retention setting (two years by default).
      name: "prune audit log",
      everyMs: AUDIT_PRUNE_MS,
      scope: "cluster",
      run: async (now) => {
        await pruneAuditLog(services.database.db, now);
      },
    },
    {
      // Each process counts its own product views in memory; written before the database closes too.
      name: "product view flush",
      everyMs: VIEW_FLUSH_MS,
      scope: "instance",
      run: () => productViews.flush(),
      runAtStop: true,
    },
  ];
}

/** Starts the jobs; returns the function that stops them and waits for runs under way (shutdown). */
export function startBackgroundJobs(services: Services): () => Promise<void> {
  const stopJobs = startJobs(backgroundJobs(services), { db: services.database.db, log: services.log });
  return async () => {
    await stopJobs();
    // Deliveries started by requests finish before the database closes.
    await services.mailer.stop();
  };
}
