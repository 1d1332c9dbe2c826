import { createReadStream, existsSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { requestId } from "hono/request-id";
import { createRequestHandler, type ServerBuild } from "react-router";
import { socialCallbackPath } from "../../core/text/urls.ts";
import { requestContextProvider } from "../context.ts";
import { MAX_CSV_BODY_BYTES } from "../csv-import/uploads.ts";
import type { RequestLogFields } from "../logger.ts";
import { MAX_BODY_BYTES } from "../media/upload-request.ts";
import { imageVariant } from "../media/variants.ts";
import { CLIENT_IP_HEADER, clientIpOf } from "../rate-limit/client-ip.ts";
import type { Services } from "../services.ts";
import { paypalWebhookRoute } from "../webhooks/paypal-route.ts";
import { handleStripeWebhook } from "../webhooks/stripe.ts";
import { stripeWebhookDeps } from "../webhooks/stripe-deps.ts";
import { limitRequestBodies } from "./body-limits.ts";
import { brotli } from "./brotli.ts";
import { applyPageCaching, conditionalGet } from "./caching.ts";
import { measureRequests, metricsEndpoint } from "./metrics-route.ts";
import { DEFAULT_PAGE_CACHE_LIMITS, PageStore, pageCache, type RenderedPageFacts } from "./page-cache.ts";
import { asPublicRequest } from "./public-request.ts";
import { readiness } from "./readiness.ts";
import { routePattern } from "./route-pattern.ts";
import { sameOriginOnly } from "./same-origin.ts";
import { secretLinkPages, securityHeaders, shareableMedia } from "./security-headers.ts";
import { applyScriptHashes, collectScriptHashes, isSharedRender } from "./shared-page-csp.ts";
import { failFastWithoutDatabase, requestFailedOnDatabase } from "./unavailable.ts";

export type HttpAppOptions = {
  services: Services;
  /** Loads the React Router server build (the built bundle, or Vite's dev module). */
  loadBuild: () => Promise<ServerBuild>;
  /** Folder of the client build (hashed assets under assets/); absent in dev, where Vite serves them. */
  clientDir?: string;
  mode: "production" | "development";
};

type Env = {
  Variables: {
    requestId: string;
    secureHeadersNonce?: string;
    sharedRender?: boolean;
    scriptHashes?: string[];
    /** The React Router route a page request matched (metrics label). */
    routePattern?: string;
    /** What loaders learnt about the request (the user id) for its log line. */
    logFields?: RequestLogFields;
    /** Set when the request failed because the database was away (answered 503). */
    failedOnDatabase?: boolean;
    /** What the render tells the rendered-page cache about this page. */
    renderedPage?: RenderedPageFacts;
  };
};

const ONE_YEAR = 60 * 60 * 24 * 365;
const APPLE_CALLBACK = socialCallbackPath("apple");

/** The whole HTTP surface: health, static files, uploads, auth, and every page through React Router. */
export function createHttpApp({ services, loadBuild, clientDir, mode }: HttpAppOptions) {
  const app = new Hono<Env>();
  app.use(requestId());
  app.use(logRequests(services));
  app.use(measureRequests());
  app.use("/uploads/*", shareableMedia());
  app.use("/images/*", shareableMedia());
  app.use(secretLinkPages());
  app.use(applyScriptHashes());
  app.use(securityHeaders(services.config, mode));
  app.use(compress());
  app.use(brotli());
  app.use(identifyClient(services.config.trustProxy));
  // Payment providers post their signed webhooks from their own servers (no Origin); mail clients
  // post RFC 8058 one-click unsubscribes the same way (the signed link is the authority; so it is for
  // the newsletter's confirmation link).
  // Apple answers sign-in with a form post from its own page (response_mode=form_post); the OAuth
  // state, checked by better-auth, is the authority there (server/auth/social.ts).
  const exempt = (path: string) =>
    isPaymentWebhook(path) || isSignedEmailLink(path) || path === APPLE_CALLBACK;
  app.use(sameOriginOnly({ publicUrl: services.config.publicUrl, exempt }));
  app.use(limitRequestBodies(MAX_BODY_BYTES, MAX_CSV_BODY_BYTES));
  app.use(conditionalGet());
  // Before the page cache: it reads the database on every anonymous page request.
  app.use(failFastWithoutDatabase(services.databaseAvailability));
  // In dev every edit changes the pages, so nothing is kept.
  if (mode === "production") {
    const pages = new PageStore(DEFAULT_PAGE_CACHE_LIMITS);
    app.use(pageCache(services.database.db, pages, services.productViews));
  }
  app.use(collectScriptHashes());

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", (c) => readiness(c, services.databaseAvailability));

  // Prometheus scrapes, with METRICS_TOKEN as bearer token (404 without one configured).
  app.get("/metrics", metricsEndpoint(services.config.metricsToken, services.database));

  // Provider webhooks read the raw body (signatures are over the exact bytes).
  app.post("/webhooks/stripe", (c) => handleStripeWebhook(stripeWebhookDeps(services), c.req.raw));
  app.post("/webhooks/paypal", (c) => paypalWebhookRoute(services, c.req.raw));

  mkdirSync(services.config.uploadsDir, { recursive: true });
  // Upload names are random and never reused; asset names carry a content hash: both cache forever.
  app.use(
    "/uploads/*",
    serveStatic({
      root: services.config.uploadsDir,
      rewriteRequestPath: (p) => p.replace(/^\/uploads/, ""),
      onFound: cacheFor(ONE_YEAR, true),
    }),
  );
  // Responsive variants of uploads (/images/640/name.webp, AVIF at name.webp.avif): generated once, then served from disk.
  const mediaDirs = {
    uploadsDir: services.config.uploadsDir,
    cacheDir: path.join(services.config.dataDir, "cache", "images"),
  };
  app.get("/images/:width{[0-9]+}/*", async (c) => {
    const prefix = `/images/${c.req.param("width")}/`;
    let relative: string;
    try {
      relative = decodeURIComponent(c.req.path.slice(prefix.length));
    } catch {
      return c.notFound();
    }
    const file = await imageVariant(mediaDirs, relative, Number(c.req.param("width"))).catch((error) => {
      services.log.warn({ err: error, path: c.req.path }, "image variant failed");
      return null;
    });
    if (!file) return c.notFound();
    c.header("Content-Type", file.endsWith(".avif") ? "image/avif" : "image/webp");
    c.header("Cache-Control", `public, max-age=${ONE_YEAR}, immutable`);
    return c.body(Readable.toWeb(createReadStream(file)) as ReadableStream);
  });

  if (clientDir) {
    app.use("/assets/*", serveStatic({ root: clientDir, onFound: cacheFor(ONE_YEAR, true) }));
    // The build's other files (favicon…), by name: a catch-all would look on disk for every page.
    const files = serveStatic({ root: clientDir, onFound: cacheFor(60 * 60, false) });
    for (const name of topLevelFiles(clientDir)) app.get(`/${name}`, files);
  }

  // better-auth's admin plugin endpoints (set role, set password, impersonate, ban…) would let any
  // staff member act as an owner; the back office never calls them, so they are not served.
  app.all("/api/auth/admin/*", (c) => c.json({ message: "Not found" }, 404));
  app.on(["GET", "POST"], "/api/auth/*", (c) => services.auth.handler(c.req.raw));

  let handler: ReturnType<typeof createRequestHandler> | undefined;
  let currentBuild: ServerBuild | undefined;
  app.all("*", async (c) => {
    // In dev the build changes on every edit, so it is loaded per request.
    const build = mode === "development" || !handler ? await loadBuild() : undefined;
    if (build) {
      handler = createRequestHandler(build, mode);
      currentBuild = build;
    }
    c.set("routePattern", routePattern(currentBuild!, c.req.path));
    const shared = isSharedRender(c.req.raw);
    c.set("sharedRender", shared);
    const logFields: RequestLogFields = {};
    c.set("logFields", logFields);
    const renderedPage: RenderedPageFacts = {};
    c.set("renderedPage", renderedPage);
    const context = requestContextProvider({
      logFields,
      ...services,
      log: services.log.child({ reqId: c.var.requestId }),
      requestId: c.var.requestId,
      clientIp: c.req.header(CLIENT_IP_HEADER) ?? "unknown",
      // Shared (anonymous) pages are allowed by script hashes instead (server/http/shared-page-csp.ts).
      cspNonce: shared ? undefined : c.get("secureHeadersNonce"),
      renderedPage,
    });
    const request = asPublicRequest(c.req.raw, services.config.publicUrl);
    const response = await handler!(request, context);
    if (requestFailedOnDatabase(context)) c.set("failedOnDatabase", true);
    return applyPageCaching(c.req.raw, response);
  });

  return app;
}

function isPaymentWebhook(path: string) {
  return path === "/webhooks/stripe" || path === "/webhooks/paypal";
}

/**
 * A POST to a signed email link — unsubscribe (also RFC 8058 one-click) or the newsletter's
 * confirmation: harmless without the secret token, and what only the mailbox's owner can do.
 */
function isSignedEmailLink(path: string) {
  return /^\/(unsubscribe|newsletter\/confirm)\/[^/]+$/.test(path) && !path.endsWith(".data");
}

/** The peer address of the connection (absent when the app is called without a socket, e.g. in tests). */
function socketAddress(c: Context) {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/** The files (not folders) directly in the build's client folder. */
function topLevelFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

/** Sets Cache-Control only on files actually served from disk (never on pages). */
function cacheFor(seconds: number, immutable: boolean) {
  return (_path: string, c: Context) => {
    c.header("Cache-Control", `public, max-age=${seconds}${immutable ? ", immutable" : ""}`);
  };
}

/**
 * Stamps every request with the client's address (rate limits, session records), replacing any
 * value the client sent in that header; better-auth's hooks read it from there.
 */
export function identifyClient(trustProxy: boolean): MiddlewareHandler {
  return async (c, next) => {
    c.req.raw.headers.set(CLIENT_IP_HEADER, clientIpOf(c.req.raw.headers, socketAddress(c), trustProxy));
    await next();
  };
}

function logRequests(services: Services): MiddlewareHandler<Env> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    c.header("X-Request-Id", c.var.requestId);
    const path = c.req.path;
    const quiet =
      path === "/healthz" || path === "/readyz" || path === "/metrics" || path.startsWith("/assets/");
    services.log[quiet ? "debug" : "info"]({
      reqId: c.var.requestId,
      userId: c.var.logFields?.userId,
      method: c.req.method,
      path,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    });
  };
}
