import { createHash, timingSafeEqual } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import type { Database } from "../db/client.ts";
import { databaseMetrics } from "../observability/database-metrics.ts";
import { httpDuration, httpRequests, registry, webhookOutcomes } from "../observability/metrics.ts";

/** Longer Authorization headers are refused before any comparison. */
const MAX_AUTHORIZATION_LENGTH = 512;

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Constant-time: both sides are hashed to the same length first, so neither length nor content leaks. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  if (!header || header.length > MAX_AUTHORIZATION_LENGTH) return false;
  return timingSafeEqual(digest(header), digest(`Bearer ${token}`));
}

/**
 * GET /metrics in Prometheus text format, for a scraper holding METRICS_TOKEN
 * (`Authorization: Bearer <token>`). Without a configured token the endpoint does not exist.
 */
export function metricsEndpoint(token: string | undefined, database: Pick<Database, "db" | "kind">) {
  return async (c: Context) => {
    if (!token) return c.notFound();
    if (!bearerMatches(c.req.header("Authorization"), token)) {
      c.header("WWW-Authenticate", 'Bearer realm="metrics"');
      return c.text("Unauthorized", 401);
    }
    const body = await registry.render(await databaseMetrics(database));
    c.header("Cache-Control", "no-store");
    return c.body(body, 200, { "Content-Type": "text/plain; version=0.0.4; charset=utf-8" });
  };
}

const FIXED_ROUTES = new Set(["/healthz", "/readyz", "/metrics", "/webhooks/stripe", "/webhooks/paypal"]);
const PREFIX_ROUTES: [string, string][] = [
  ["/assets/", "/assets/*"],
  ["/uploads/", "/uploads/*"],
  ["/images/", "/images/:width/*"],
  ["/api/auth/", "/api/auth/*"],
];
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** The label of a request React Router did not answer: its fixed route, or "other" (files, refusals). */
function fixedRouteOf(path: string): string {
  if (FIXED_ROUTES.has(path)) return path;
  return PREFIX_ROUTES.find(([prefix]) => path.startsWith(prefix))?.[1] ?? "other";
}

function webhookOutcome(status: number) {
  if (status < 300) return "handled";
  return status < 500 ? "refused" : "failed";
}

type MeasuredEnv = { Variables: { routePattern?: string } };

/** Counts and times every request by route pattern (set by the page handler, else fixed routes). */
export function measureRequests(): MiddlewareHandler<MeasuredEnv> {
  return async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const route = c.get("routePattern") ?? fixedRouteOf(c.req.path);
      const method = METHODS.has(c.req.method) ? c.req.method : "other";
      const status = String(c.res.status);
      httpRequests.inc({ method, route, status });
      httpDuration.observe({ method, route }, (performance.now() - started) / 1000);
      if (route.startsWith("/webhooks/"))
        webhookOutcomes.inc({
          provider: route.slice("/webhooks/".length),
          outcome: webhookOutcome(c.res.status),
        });
    }
  };
}
