import { RouterContextProvider } from "react-router";
import type { RenderedPageFacts } from "./http/page-cache.ts";
import type { Logger, RequestLogFields } from "./logger.ts";
import type { Services } from "./services.ts";

/** What every loader, action and middleware receives as `context`. */
export type RequestContext = Services & {
  /** The request's own logger (carries its request id). */
  log: Logger;
  requestId: string;
  /** The client's address for rate limits (X-Forwarded-For first hop, else the socket peer). */
  clientIp: string;
  /** This response's Content-Security-Policy nonce for inline scripts (app/entry.server.tsx). */
  cspNonce?: string;
  /** Filled while the request runs (e.g. the user id); its request log line carries them. */
  logFields?: RequestLogFields;
  /** What the render tells the rendered-page cache about this page (server/http/page-cache.ts). */
  renderedPage?: RenderedPageFacts;
};

/**
 * With middleware on, React Router wants a RouterContextProvider as the load context. Our
 * services stay plain properties on it (React Router's documented migration from
 * AppLoadContext), so loaders keep reading `context.db`; per-request values that middleware
 * computes (the signed-in admin) go through `context.get(…)` with a typed key.
 */
export function requestContextProvider(values: RequestContext): RouterContextProvider & RequestContext {
  return Object.assign(new RouterContextProvider(), values);
}

declare module "react-router" {
  interface Future {
    v8_middleware: true;
  }
  interface RouterContextProvider extends RequestContext {}
}
