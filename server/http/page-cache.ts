/**
 * In-memory cache of rendered anonymous storefront pages (docs/decisions/016-page-cache.md).
 *
 * A page whose anonymous HTML depends on nothing but its URL and the shop's content is rendered
 * once per storefront_version (bumped by triggers on every content change, on any instance) and
 * then answered from memory: the render (React + React Router, most of a page's CPU) is skipped.
 * Everything after it still runs per request: ETag/304, the CSP with the page's script hashes,
 * brotli/gzip, X-Request-Id. Bounded by entries and bytes, least recently used out first, so
 * crawling `/products?q=<random>` cannot grow memory.
 *
 * Product pages show their view count, which moves with every view: their copy is kept for
 * PRODUCT_PAGE_TTL_MS only, and a hit counts the view the skipped loader would have counted
 * (docs/decisions/018-cached-product-pages.md).
 */
import { brotliCompressSync, constants } from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import { isHumanVisitor } from "../catalog/products.ts";
import { readStorefrontVersion } from "../catalog/storefront-cache.ts";
import type { ProductViewCounter } from "../catalog/view-counter.ts";
import type { Db } from "../db/client.ts";
import { acceptsBrotli } from "./brotli.ts";
import { matchesTag, PRIVATE_PAGE, PUBLIC_PAGE, weakTagOf } from "./caching.ts";
import { markedForPersonalPart, wantsSharedCopy, withoutCookies } from "./personal-part.ts";
import { isSharedRender } from "./shared-page-csp.ts";

export type PageCacheLimits = { maxEntries: number; maxBytes: number };

export const DEFAULT_PAGE_CACHE_LIMITS: PageCacheLimits = { maxEntries: 500, maxBytes: 32 * 1024 * 1024 };

/** How long a product page's copy (and the view count in it) is served before it is rendered again. */
export const PRODUCT_PAGE_TTL_MS = 2_000;

/**
 * Pages whose anonymous render is the same for every visitor of the same URL and content (a
 * product page's view count aside, see PRODUCT_PAGE_TTL_MS). /cart, /checkout, account and admin
 * pages are personal or carry forms with state; React Router's `.data` requests are not pages.
 */
const CACHEABLE_PATHS = [
  /^\/$/,
  /^\/about$/,
  /^\/blog$/,
  /^\/blog\/[^/]+$/,
  /^\/products$/,
  /^\/products?\/[^/]+$/,
  /^\/collections\/[^/]+$/,
  /^\/policies\/[^/]+$/,
];

export function isCacheablePage(pathname: string) {
  return !pathname.endsWith(".data") && CACHEABLE_PATHS.some((pattern) => pattern.test(pathname));
}

/** What a render tells the cache about its page (set by loaders through their context). */
export type RenderedPageFacts = {
  /** The product whose view the loader counted (or would have, for a person): hits count it too. */
  viewedProductId?: string;
};

type Entry = {
  body: Uint8Array<ArrayBuffer>;
  headers: [string, string][];
  scriptHashes: string[];
  /** The ETag conditionalGet would compute for the body. */
  etag: string;
  /** Copies of the body made on the first answer that needs them (see DERIVED). */
  brotli?: Uint8Array<ArrayBuffer>;
  marked?: Uint8Array<ArrayBuffer>;
  markedBrotli?: Uint8Array<ArrayBuffer>;
  /** A product page: each hit by a person counts a view of this product. */
  viewedProductId?: string;
  /** Date.now() after which the copy is rendered again (product pages: their view count moves). */
  expiresAt?: number;
};

type PageCacheEnv = {
  Variables: {
    sharedRender?: boolean;
    scriptHashes?: string[];
    renderedPage?: RenderedPageFacts;
  };
};

/**
 * The other forms of a stored body, each made on the first answer that asks for it and counted in
 * the bound from then on (a page no browser with cookies asks for never holds a marked copy):
 * brotli for visitors (compressing is most of a hit's CPU), the body marked for browsers with
 * cookies, which load their own part (personal-part.ts), and that marked body in brotli.
 */
const DERIVED = {
  brotli: (entry: Entry) => brotliOf(entry.body),
  marked: (entry: Entry) => markedForPersonalPart(entry.body),
  markedBrotli: (entry: Entry) => brotliOf(markedForPersonalPart(entry.body)),
} satisfies Record<string, (entry: Entry) => Uint8Array<ArrayBuffer>>;
type DerivedForm = keyof typeof DERIVED;

/** Headers the render sets that belong to every copy (the rest are added per request, outside). */
const KEPT_HEADERS = ["content-type", "cache-control", "vary", "content-language", "link"];

/** A bounded LRU of rendered pages for one storefront version. */
export class PageStore {
  private version: number | null = null;
  private entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly limits: PageCacheLimits) {}

  get(version: number, key: string, now = Date.now()): Entry | undefined {
    if (version !== this.version) return undefined;
    const entry = this.entries.get(key);
    if (entry?.expiresAt !== undefined && now >= entry.expiresAt) {
      this.remove(key);
      return undefined;
    }
    if (entry) {
      // Map order is insertion order: re-inserting marks it most recently used.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(version: number, key: string, entry: Entry) {
    if (this.version !== version) {
      // Only a newer render replaces the lot; a slow render of an older version is dropped.
      if (this.version !== null && version < this.version) return;
      this.clear();
      this.version = version;
    }
    if (sizeOf(entry) > this.limits.maxBytes) return;
    this.remove(key);
    this.entries.set(key, entry);
    this.bytes += sizeOf(entry);
    this.evictOverflow();
  }

  /** The entry's `form` of its body, made on first use; counted while the entry is stored. */
  derived(key: string, entry: Entry, form: DerivedForm): Uint8Array<ArrayBuffer> {
    const made = entry[form];
    if (made) return made;
    const bytes = DERIVED[form](entry);
    entry[form] = bytes;
    if (this.entries.get(key) === entry) {
      this.bytes += bytes.byteLength;
      this.evictOverflow();
    }
    return bytes;
  }

  get size() {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= sizeOf(entry);
  }

  private evictOverflow() {
    while (this.entries.size > this.limits.maxEntries || this.bytes > this.limits.maxBytes) {
      this.remove(this.entries.keys().next().value!);
    }
  }

  private clear() {
    this.entries.clear();
    this.bytes = 0;
  }
}

const sizeOf = (entry: Entry) =>
  entry.body.byteLength +
  (entry.brotli?.byteLength ?? 0) +
  (entry.marked?.byteLength ?? 0) +
  (entry.markedBrotli?.byteLength ?? 0);

/**
 * Register between conditionalGet and collectScriptHashes: a hit skips the render and hands the
 * stored script hashes to applyScriptHashes; a miss stores what the render produced.
 */
export function pageCache(
  db: Db,
  store: PageStore,
  views: Pick<ProductViewCounter, "record">,
): MiddlewareHandler<PageCacheEnv> {
  // Renders in progress by version + key: requests for a page being rendered wait for that render
  // instead of rendering it too (a product page's copy expires under load every few seconds).
  const rendering = new Map<string, Promise<Entry | null>>();
  return async (c, next) => {
    const request = c.req.raw;
    if (!isCacheablePage(c.req.path)) return next();
    const forCookies = wantsSharedCopy(request);
    if (!forCookies && !isSharedRender(request)) return next();
    const version = await readStorefrontVersion(db);
    if (version === null) return next();
    if (forCookies) withoutCookies(request);
    const url = new URL(request.url);
    const key = url.pathname + url.search;
    // The other forms of this key's stored body, made on first use (PageStore.derived).
    const copiesOf = (entry: Entry) => (form: DerivedForm) => store.derived(key, entry, form);
    const hit = store.get(version, key) ?? (await rendering.get(`${version} ${key}`));
    if (hit) {
      // The loader that was skipped would have counted this view (bots excluded, as there).
      if (hit.viewedProductId && isHumanVisitor(c.req.header("User-Agent") ?? null))
        views.record(hit.viewedProductId);
      const headers = new Headers(hit.headers);
      return answerCopy(c, hit, copiesOf(hit), { state: "hit", headers, forCookies });
    }
    if (request.method !== "GET") return next();
    const renderKey = `${version} ${key}`;
    const first = !rendering.has(renderKey);
    let done: (entry: Entry | null) => void = () => {};
    if (first) rendering.set(renderKey, new Promise((resolve) => (done = resolve)));
    let entry: Entry | null = null;
    try {
      await next();
      entry = await storable(c.res, c.get("scriptHashes"), c.get("renderedPage"));
    } finally {
      if (first) {
        rendering.delete(renderKey);
        done(entry);
      }
    }
    if (entry) {
      store.set(version, key, entry);
      const headers = new Headers(c.res.headers);
      c.res = undefined;
      c.res = answerCopy(c, entry, copiesOf(entry), { state: "miss", headers, forCookies });
    } else if (forCookies) {
      c.res = await markedAnswer(c.res);
    }
  };
}

type CopyAnswer = { state: "hit" | "miss"; headers: Headers; forCookies: boolean };

/** A stored copy as answered: to a visitor without cookies shareable (ETag, 304), else marked. */
function answerCopy(
  c: Context<PageCacheEnv>,
  entry: Entry,
  copy: (form: DerivedForm) => Uint8Array<ArrayBuffer>,
  { state, headers, forCookies }: CopyAnswer,
) {
  c.set("sharedRender", true);
  c.set("scriptHashes", entry.scriptHashes);
  headers.set("X-Page-Cache", state);
  // The body below may be another encoding or the marked copy: its length is the Response's own.
  headers.delete("Content-Length");
  const request = c.req.raw;
  const brotli = request.method === "GET" && acceptsBrotli(c.req.header("Accept-Encoding"));
  if (forCookies) {
    headers.set("Cache-Control", PRIVATE_PAGE);
    if (!brotli) return new Response(copy("marked"), { status: 200, headers });
    return brotliAnswer(copy("markedBrotli"), headers);
  }
  // The copy's tag is known: conditionalGet leaves tagged answers alone (no hashing per hit).
  headers.set("ETag", entry.etag);
  if (matchesTag(c.req.header("If-None-Match"), entry.etag)) return notModified(headers);
  if (brotli) return brotliAnswer(copy("brotli"), headers);
  // HEAD gets the GET answer's headers; Node's server sends no body for HEAD.
  return new Response(entry.body, { status: 200, headers });
}

/** A page rendered as shared but not kept (a 404, an error page), marked for the browser's part. */
async function markedAnswer(res: Response) {
  const headers = new Headers(res.headers);
  headers.set("Cache-Control", PRIVATE_PAGE);
  if (!res.body || !headers.get("Content-Type")?.startsWith("text/html") || headers.has("Content-Encoding"))
    return new Response(res.body, { status: res.status, headers });
  const body = markedForPersonalPart(new Uint8Array(await res.arrayBuffer()));
  headers.delete("Content-Length");
  return new Response(body, { status: res.status, headers });
}

/**
 * Stored brotli bytes (compress() and brotli() leave encoded answers alone), made on the first
 * answer that accepts them; the ETag, if any, is the plain copy's.
 */
function brotliAnswer(bytes: Uint8Array<ArrayBuffer>, headers: Headers) {
  headers.set("Vary", `${headers.get("Vary") ?? "Cookie"}, Accept-Encoding`);
  headers.set("Content-Encoding", "br");
  return new Response(bytes, { status: 200, headers });
}

function brotliOf(body: Uint8Array<ArrayBuffer>) {
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 9,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  }) as Uint8Array<ArrayBuffer>;
}

/** A revalidation of an unchanged copy, whatever encoding the client accepts. */
function notModified(headers: Headers) {
  headers.set("Vary", `${headers.get("Vary") ?? "Cookie"}, Accept-Encoding`);
  headers.delete("Content-Type");
  return new Response(null, { status: 304, headers });
}

/** The render as stored, or null when it is not the same for every anonymous visitor. */
async function storable(
  res: Response,
  scriptHashes: string[] | undefined,
  facts: RenderedPageFacts | undefined,
): Promise<Entry | null> {
  const headers = res.headers;
  if (res.status !== 200 || !res.body || !scriptHashes || headers.has("Set-Cookie")) return null;
  if (!headers.get("Content-Type")?.startsWith("text/html")) return null;
  if (headers.get("Cache-Control") !== PUBLIC_PAGE || headers.has("Content-Encoding")) return null;
  const body = new Uint8Array(await res.arrayBuffer());
  const kept = KEPT_HEADERS.flatMap((name): [string, string][] => {
    const value = headers.get(name);
    return value === null ? [] : [[name, value]];
  });
  const entry: Entry = { body, headers: kept, scriptHashes, etag: weakTagOf(body) };
  if (facts?.viewedProductId) {
    entry.viewedProductId = facts.viewedProductId;
    entry.expiresAt = Date.now() + PRODUCT_PAGE_TTL_MS;
  }
  return entry;
}
