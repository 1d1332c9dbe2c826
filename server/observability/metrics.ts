import { Collected, Counter, Histogram, Registry } from "./registry.ts";
import { registerRuntimeMetrics } from "./runtime-metrics.ts";

/**
 * The shop's own metrics of this process, served at /metrics (server/http/metrics-route.ts).
 * Counts that belong to the whole shop (orders paid, the outbox, job successes) are read from
 * the database at scrape time instead (database-metrics.ts), so every instance reports the same.
 */
export const registry = new Registry();

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequests = registry.register(
  new Counter(
    "shop_http_requests_total",
    "HTTP requests answered, by method, route pattern and status code.",
  ),
);

export const httpDuration = registry.register(
  new Histogram(
    "shop_http_request_duration_seconds",
    "Time to answer an HTTP request, by method and route pattern.",
    LATENCY_BUCKETS,
  ),
);

export const webhookOutcomes = registry.register(
  new Counter(
    "shop_webhooks_total",
    "Payment provider webhooks received, by provider and outcome (handled, refused: 4xx, failed: 5xx).",
  ),
);

export const paymentFailures = registry.register(
  new Counter("shop_payment_failures_total", "Payments refused or failed, by provider and reason."),
);

export const jobRuns = registry.register(
  new Counter(
    "shop_job_runs_total",
    "Background job ticks on this instance, by job and outcome (ok, failed, skipped: another instance ran that tick).",
  ),
);

export const jobDuration = registry.register(
  new Histogram("shop_job_duration_seconds", "Time a background job run took, by job.", LATENCY_BUCKETS),
);

const startedAt = Date.now() / 1000 - process.uptime();

registry.register(
  new Collected("process_start_time_seconds", "Start time of the process, in Unix seconds.", "gauge", () => [
    { labels: {}, value: Math.round(startedAt) },
  ]),
);
registry.register(
  new Collected("process_resident_memory_bytes", "Resident memory of the process.", "gauge", () => [
    { labels: {}, value: process.memoryUsage.rss() },
  ]),
);
registry.register(
  new Collected(
    "process_cpu_seconds_total",
    "CPU time used by the process (user + system).",
    "counter",
    () => {
      const { user, system } = process.cpuUsage();
      return [{ labels: {}, value: (user + system) / 1e6 }];
    },
  ),
);

export const stripeEventVersions = registry.register(
  new Counter(
    "shop_stripe_webhook_version_mismatch_total",
    "Stripe webhook events rendered at another API version than the pinned one, by api_version and handling (read: an older shape the shop reads; refused: a newer one, answered 409 so Stripe retries).",
  ),
);

registerRuntimeMetrics(registry);
