import type { MiddlewareHandler } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";
import type { Config } from "../config.ts";
import { s3PublicUrl } from "../media/s3-store.ts";
import { secretLinkReferrerPolicy } from "../observability/secret-links.ts";

/** Where the hosted payment pages live: a no-JS checkout form post is redirected there. */
const PAYMENT_PAGES = [
  "https://checkout.stripe.com",
  "https://www.paypal.com",
  "https://www.sandbox.paypal.com",
];

/** Where the sign-in buttons send the browser (a no-JS form post redirected there). */
const SIGN_IN_PAGES = { google: "https://accounts.google.com", apple: "https://appleid.apple.com" };

type HeaderConfig = Pick<Config, "publicUrl" | "s3" | "stripe" | "paypal"> & {
  social?: Config["social"];
};

/**
 * Security headers on every response (Hono's secureHeaders). The Content-Security-Policy allows
 * scripts only from this origin or carrying the per-request nonce (React Router's inline scripts
 * get it through app/entry.server.tsx); see docs/security.md for each directive's reason.
 */
export function securityHeaders(config: HeaderConfig, mode: "production" | "development"): MiddlewareHandler {
  const https = new URL(config.publicUrl).protocol === "https:";
  // Media URL fields accept any http(s) image or video (testimonials, partners, certificates); a
  // shop served over https loads only https ones (http would be mixed content anyway).
  const external = https ? ["https:"] : ["https:", "http:"];
  const media = [...external, ...(config.s3 ? [new URL(s3PublicUrl(config.s3)).origin] : [])];
  const dev = mode === "development";
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", NONCE],
      // React sets style attributes (e.g. progress widths); styles cannot run code.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:", ...media],
      mediaSrc: ["'self'", ...media],
      fontSrc: ["'self'", "data:"],
      // The dev server's hot reload talks over a WebSocket.
      connectSrc: dev ? ["'self'", "ws:", "wss:"] : ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      // Chrome checks form-action on the redirect that follows a form post too.
      formAction: ["'self'", ...PAYMENT_PAGES, ...signInPages(config), ...providerOrigins(config)],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: "DENY",
    referrerPolicy: "strict-origin-when-cross-origin",
    strictTransportSecurity: https ? "max-age=15552000" : false,
    permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [] },
  });
}

/** Only the configured sign-in providers' pages. */
function signInPages(config: HeaderConfig) {
  const social = config.social;
  return [social?.google && SIGN_IN_PAGES.google, social?.apple && SIGN_IN_PAGES.apple].filter(
    (origin): origin is string => Boolean(origin),
  );
}

/** Providers pointed at another host (a local fake in tests, a proxy) host their pages there. */
function providerOrigins(config: HeaderConfig) {
  return [
    config.stripe?.apiBase,
    config.paypal?.apiBase,
    config.social?.google?.oauthBase,
    config.social?.apple?.oauthBase,
  ]
    .filter((url): url is string => Boolean(url))
    .map((url) => new URL(url).origin);
}

/**
 * Uploaded images may be shown by other origins (mail clients, the sandboxed e-mail preview,
 * shared links): they are public, unlike pages, so they opt out of the same-origin CORP.
 * Register before securityHeaders so this runs after it on the way out.
 */
export function shareableMedia(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    c.res.headers.set("Cross-Origin-Resource-Policy", "cross-origin");
  };
}

/**
 * Pages whose URL is the secret (the guest's order status link, decision 037; the other links in
 * server/observability/secret-links.ts): never stored by a cache, never indexed, and the URL never
 * leaks as a Referer to a page the visitor goes on to. Matched without regard to case, as React
 * Router matches routes. Register before securityHeaders so this runs after it on the way out (it
 * overrides the Referrer-Policy).
 */
export function secretLinkPages(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const referrerPolicy = secretLinkReferrerPolicy(c.req.path);
    if (!referrerPolicy) return;
    c.res.headers.set("Cache-Control", "no-store");
    c.res.headers.set("Referrer-Policy", referrerPolicy);
    c.res.headers.set("X-Robots-Tag", "noindex");
  };
}
