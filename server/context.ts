import type { RenderedPageFacts } from "./http/page-cache.ts";
import type { Logger, RequestLogFields } from "./logger.ts";
import type { Services } from "./services.ts";

/** What every loader and action receives as `context`. */
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

declare module "react-router" {
  interface AppLoadContext extends RequestContext {}
}
