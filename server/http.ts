import { mkdirSync } from "node:fs";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { requestId } from "hono/request-id";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { RequestContext } from "./context.ts";
import type { Services } from "./services.ts";

export type HttpAppOptions = {
  services: Services;
  /** Loads the React Router server build (the built bundle, or Vite's dev module). */
  loadBuild: () => Promise<ServerBuild>;
  /** Folder of the client build (hashed assets under assets/); absent in dev, where Vite serves them. */
  clientDir?: string;
  mode: "production" | "development";
};

type Env = { Variables: { requestId: string } };

const ONE_YEAR = 60 * 60 * 24 * 365;

/** The whole HTTP surface: health, static files, uploads, auth, and every page through React Router. */
export function createHttpApp({ services, loadBuild, clientDir, mode }: HttpAppOptions) {
  const app = new Hono<Env>();
  app.use(requestId());
  app.use(logRequests(services));
  app.use(compress());

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) => {
    try {
      await services.database.ping();
      return c.json({ status: "ok" });
    } catch (error) {
      services.log.warn({ err: error }, "readiness check failed");
      return c.json({ status: "unavailable" }, 503);
    }
  });

  mkdirSync(services.config.uploadsDir, { recursive: true });
  app.use(
    "/uploads/*",
    cacheFor(ONE_YEAR, true),
    serveStatic({ root: services.config.uploadsDir, rewriteRequestPath: (p) => p.replace(/^\/uploads/, "") }),
  );
  if (clientDir) {
    // File names under /assets carry a content hash: safe to cache forever.
    app.use("/assets/*", cacheFor(ONE_YEAR, true), serveStatic({ root: clientDir }));
    app.use("*", cacheFor(60 * 60, false), serveStatic({ root: clientDir }));
  }

  app.on(["GET", "POST"], "/api/auth/*", (c) => services.auth.handler(c.req.raw));

  let handler: ReturnType<typeof createRequestHandler> | undefined;
  app.all("*", async (c) => {
    // In dev the build changes on every edit, so it is loaded per request.
    const build = mode === "development" || !handler ? await loadBuild() : undefined;
    if (build) handler = createRequestHandler(build, mode);
    const context: RequestContext = { ...services, log: services.log.child({ reqId: c.var.requestId }), requestId: c.var.requestId };
    return handler!(c.req.raw, context);
  });

  return app;
}

function cacheFor(seconds: number, immutable: boolean): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.ok) c.header("Cache-Control", `public, max-age=${seconds}${immutable ? ", immutable" : ""}`);
  };
}

function logRequests(services: Services): MiddlewareHandler<Env> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const path = c.req.path;
    const quiet = path === "/healthz" || path === "/readyz" || path.startsWith("/assets/");
    services.log[quiet ? "debug" : "info"]({
      reqId: c.var.requestId,
      method: c.req.method,
      path,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    });
  };
}
