import type { MiddlewareHandler } from "hono";

/** Methods that never change state (a GET must not; see docs/security.md). */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery guard beyond SameSite cookies: a state-changing request must come
 * from one of our own pages. Browsers send `Origin` on every POST (forms without JavaScript too)
 * and `Sec-Fetch-Site`; a request whose Origin is another site — or that names no origin at all —
 * is refused with 403. `exempt` paths (payment webhooks: server-to-server, signed) are let through.
 */
export function sameOriginOnly(options: {
  publicUrl: string;
  exempt: (path: string) => boolean;
}): MiddlewareHandler {
  const publicOrigin = new URL(options.publicUrl).origin;
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || options.exempt(c.req.path)) return next();
    const origin = c.req.header("origin");
    // Behind a proxy the request URL may be http://internal while the page is PUBLIC_URL.
    const ours = origin !== undefined && (origin === publicOrigin || origin === new URL(c.req.url).origin);
    const fetchSite = c.req.header("sec-fetch-site");
    if (ours && fetchSite !== "cross-site" && fetchSite !== "same-site") return next();
    if (origin === undefined && fetchSite === "same-origin") return next();
    return c.text("Forbidden: this request did not come from the shop's own pages.", 403);
  };
}
