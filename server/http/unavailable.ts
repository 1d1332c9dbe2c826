/**
 * "We'll be right back": what every request that needs the database gets while it is away
 * (docs/decisions/027-database-outage.md). Pages get a small HTML page that reloads itself, data
 * requests and APIs a JSON body; both are 503 with Retry-After, never cached.
 */
import type { MiddlewareHandler } from "hono";
import { brand } from "../../core/brand.ts";
import { type DatabaseAvailability, isDatabaseUnreachable, RETRY_AFTER_SECONDS } from "../db/availability.ts";

/** Health checks, build assets, uploads and public files are served without the database. */
const WITHOUT_DATABASE =
  /^\/(healthz|readyz|metrics)$|^\/(assets|uploads|images)\/|^\/[^/]+\.(svg|ico|png|webp|txt)$/;

export function needsDatabase(pathname: string) {
  return !WITHOUT_DATABASE.test(pathname);
}

/** Request contexts whose loader or action failed because the database could not be reached. */
const failedOnDatabase = new WeakSet<object>();

/**
 * React Router's handleError (app/entry.server.tsx) reports each loader/action error here: one
 * that says the database is away makes the request's answer the 503 page even if the database
 * answers again by the time the response is checked (a failure just before it came back).
 */
export function noteRequestError(error: unknown, context: object): boolean {
  if (!isDatabaseUnreachable(error)) return false;
  failedOnDatabase.add(context);
  return true;
}

export function requestFailedOnDatabase(context: object) {
  return failedOnDatabase.has(context);
}

type GateEnv = { Variables: { failedOnDatabase?: boolean } };

/**
 * While the database is known to be away, requests that need it are answered at once. A request
 * that ended in a server error is checked against the database: if it does not answer either, the
 * error page becomes the 503 page (and the following requests fail fast).
 */
export function failFastWithoutDatabase(availability: DatabaseAvailability): MiddlewareHandler<GateEnv> {
  return async (c, next) => {
    if (!needsDatabase(c.req.path)) return next();
    if (!availability.available) return unavailableResponse(c.req.raw);
    await next();
    if (c.res.status < 500) return;
    const databaseAway = !(await availability.probe());
    if (databaseAway || c.get("failedOnDatabase")) {
      await c.res.body?.cancel().catch(() => {});
      c.res = undefined;
      c.res = unavailableResponse(c.req.raw);
    }
  };
}

export const UNAVAILABLE_TITLE = "We'll be right back";
const UNAVAILABLE_TEXT =
  "The shop is briefly unavailable. Nothing is lost: please try again in a few seconds.";

export function unavailableResponse(request: Request): Response {
  const headers = new Headers({
    "Retry-After": String(RETRY_AFTER_SECONDS),
    "Cache-Control": "no-store",
  });
  if (!wantsPage(request))
    return Response.json({ error: UNAVAILABLE_TITLE, message: UNAVAILABLE_TEXT }, { status: 503, headers });
  headers.set("Content-Type", "text/html; charset=utf-8");
  return new Response(request.method === "HEAD" ? null : UNAVAILABLE_PAGE, { status: 503, headers });
}

/** A page request: not React Router's data requests (*.data), the auth API or a webhook. */
function wantsPage(request: Request) {
  const { pathname } = new URL(request.url);
  if (pathname.endsWith(".data") || pathname.startsWith("/api/") || pathname.startsWith("/webhooks/"))
    return false;
  return (
    request.method === "GET" ||
    request.method === "HEAD" ||
    request.headers.get("Accept")?.includes("text/html")
  );
}

// Plain HTML (the app's stylesheet is not needed): the brand's colours, and a reload after the wait.
const UNAVAILABLE_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${RETRY_AFTER_SECONDS * 2}">
<meta name="robots" content="noindex">
<title>${UNAVAILABLE_TITLE} | ${brand.name}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
body{margin:0;min-height:100dvh;display:flex;flex-direction:column;align-items:center;justify-content:center;
background:#0c0a07;color:#f5efe6;font-family:system-ui,sans-serif;text-align:center;padding:1rem}
h1{font-size:2rem;margin:1.5rem 0 .75rem}p{max-width:28rem;color:#b8ad9c;line-height:1.5}
a{color:#d4a24c}
</style>
</head>
<body>
<main>
<a href="/">${brand.name}</a>
<h1>${UNAVAILABLE_TITLE}</h1>
<p>${UNAVAILABLE_TEXT}</p>
<p><a href="">Try again</a></p>
</main>
</body>
</html>
`;
