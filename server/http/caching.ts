/**
 * HTTP caching rules for pages and files (docs/decisions/012-production-start.md, docs/performance.md).
 *
 * - A page rendered for a visitor who sends any cookie (session, cart, flash toast…) may show that
 *   visitor's cart or account: `private, no-cache`, never stored by a shared cache.
 * - A response that sets a cookie is personal too, whatever the route asked for.
 * - A page rendered without cookies is the same for every anonymous visitor: `public, no-cache`, so
 *   a CDN may keep it but asks us every time, with the ETag, and gets a 304 while it is unchanged.
 * - Every page says `Vary: Cookie`, so a cache never answers a visitor with cookies from the
 *   anonymous copy.
 */
import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";

export const PRIVATE_PAGE = "private, no-cache";
export const PUBLIC_PAGE = "public, no-cache";

/** Sets the cache rules on a page (or data request) answered by React Router. */
export function applyPageCaching(request: Request, response: Response): Response {
  const headers = response.headers;
  appendVary(headers, "Cookie");
  const personal = request.headers.has("Cookie") || headers.has("Set-Cookie");
  // A route that asked for no-store (a CSV of customers' data) keeps it: it is stricter still.
  const noStore = /\bno-store\b/i.test(headers.get("Cache-Control") ?? "");
  if (personal && !noStore) headers.set("Cache-Control", PRIVATE_PAGE);
  else if (!headers.has("Cache-Control")) {
    const shareable = (request.method === "GET" || request.method === "HEAD") && response.status === 200;
    headers.set("Cache-Control", shareable ? PUBLIC_PAGE : PRIVATE_PAGE);
  }
  return response;
}

/**
 * ETag and 304 for every publicly cacheable GET answer (anonymous pages, images, static files):
 * the body is hashed as sent before compression, so the tag is weak (the bytes on the wire differ
 * by encoding). Private answers and answers that set cookies are left alone.
 */
export function conditionalGet(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    // Build assets carry their content hash in the name and are never revalidated.
    if (c.req.path.startsWith("/assets/")) return;
    const method = c.req.method;
    const res = c.res;
    if ((method !== "GET" && method !== "HEAD") || res.status !== 200 || !res.body) return;
    if (!isPublic(res.headers) || res.headers.has("Set-Cookie") || res.headers.has("Content-Encoding"))
      return;
    // Already tagged (a copy from the rendered-page cache, hashed when it was stored).
    if (res.headers.has("ETag")) return;
    const body = new Uint8Array(await res.arrayBuffer());
    const tag = weakTagOf(body);
    const headers = new Headers(res.headers);
    headers.set("ETag", tag);
    const unchanged = matchesTag(c.req.header("If-None-Match"), tag);
    if (unchanged) for (const name of ["Content-Length", "Content-Type"]) headers.delete(name);
    c.res = undefined;
    c.res = new Response(unchanged ? null : body, { status: unchanged ? 304 : 200, headers });
  };
}

/** The weak ETag of a body as sent before compression. */
export function weakTagOf(body: Uint8Array) {
  return `W/"${createHash("sha1").update(body).digest("base64url")}"`;
}

function isPublic(headers: Headers) {
  const cacheControl = headers.get("Cache-Control") ?? "";
  return /(^|,)\s*public\b/i.test(cacheControl) && !/\bno-store\b/i.test(cacheControl);
}

/** If-None-Match compares weakly: any listed tag (weak or strong form) or "*". */
export function matchesTag(ifNoneMatch: string | undefined, tag: string) {
  if (!ifNoneMatch) return false;
  const opaque = tag.slice(2);
  return ifNoneMatch.split(",").some((candidate) => {
    const value = candidate.trim();
    return value === "*" || value === tag || value === opaque;
  });
}

function appendVary(headers: Headers, field: string) {
  const current = headers.get("Vary");
  const fields = current ? current.split(",").map((f) => f.trim().toLowerCase()) : [];
  if (!fields.includes(field.toLowerCase())) headers.set("Vary", current ? `${current}, ${field}` : field);
}
