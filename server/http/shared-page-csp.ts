/**
 * Anonymous pages are shared: a CDN may keep them and revalidate them with their ETag
 * (server/http/caching.ts). A per-request CSP nonce would make every copy different (no 304 ever)
 * and would be served to everyone from a cache anyway. So a page rendered for a visitor without
 * cookies carries no nonce: its inline scripts are allowed by their SHA-256 hashes, taken from the
 * page as sent, which are the same for every identical copy. Pages rendered for a session keep the
 * per-request nonce. Injected markup gains nothing: it is not in the hashed scripts.
 */
import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";

type SharedPageEnv = { Variables: { sharedRender?: boolean; scriptHashes?: string[] } };

/** A page rendered for this request is the same for every visitor without cookies. */
export function isSharedRender(request: Request) {
  const method = request.method;
  return (method === "GET" || method === "HEAD") && !request.headers.has("Cookie");
}

/**
 * Inner half (register after conditionalGet, so it sees the page before the 304 decision): reads
 * the inline scripts of an HTML page rendered without a nonce and remembers their hashes.
 */
export function collectScriptHashes(): MiddlewareHandler<SharedPageEnv> {
  return async (c, next) => {
    await next();
    if (!c.get("sharedRender")) return;
    const res = c.res;
    if (!res.body || !res.headers.get("Content-Type")?.startsWith("text/html")) return;
    const html = await res.text();
    c.set("scriptHashes", inlineScriptHashes(html));
    const { status, headers } = res;
    c.res = undefined;
    c.res = new Response(html, { status, headers });
  };
}

/**
 * Outer half (register before securityHeaders, so it runs after the policy is set): puts the
 * hashes where the policy names the nonce. A shared page without inline scripts allows none.
 */
export function applyScriptHashes(): MiddlewareHandler<SharedPageEnv> {
  return async (c, next) => {
    await next();
    if (!c.get("sharedRender")) return;
    const policy = c.res.headers.get("Content-Security-Policy");
    if (!policy) return;
    const sources = (c.get("scriptHashes") ?? []).map((hash) => `'sha256-${hash}'`).join(" ");
    c.res.headers.set(
      "Content-Security-Policy",
      policy.replace(/\s*'nonce-[^']*'/, sources ? ` ${sources}` : ""),
    );
  };
}

/** Hashes of the contents of every inline <script> (those without src), as the browser computes them. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(match[1]!)) continue;
    hashes.add(createHash("sha256").update(match[2]!, "utf8").digest("base64"));
  }
  return [...hashes];
}
