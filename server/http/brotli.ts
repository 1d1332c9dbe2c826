/**
 * Brotli for text answers (pages, data requests, JSON, scripts) when the client accepts it; gzip
 * stays with Hono's compress(), which this middleware runs inside of and which skips answers that
 * are already encoded. Quality 4: dynamic pages are compressed on every request, and at 4 brotli
 * is about as fast as gzip -6 while smaller.
 */
import { Readable } from "node:stream";
import { constants, createBrotliCompress } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";

const MIN_BYTES = 1024;

export function brotli(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (!res.body || c.req.method === "HEAD" || res.status === 206 || !compressible(res)) return;
    const vary = res.headers.get("Vary");
    if (!vary || !/\baccept-encoding\b/i.test(vary)) {
      res.headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    }
    if (!acceptsBrotli(c.req.header("Accept-Encoding"))) return;
    const encoder = createBrotliCompress({
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
    const body = Readable.fromWeb(res.body as never).pipe(encoder);
    const headers = new Headers(res.headers);
    headers.delete("Content-Length");
    headers.set("Content-Encoding", "br");
    c.res = undefined;
    c.res = new Response(Readable.toWeb(body) as ReadableStream, { status: res.status, headers });
  };
}

function compressible(res: Response) {
  const headers = res.headers;
  const length = headers.get("Content-Length");
  if (headers.has("Content-Encoding") || (length && Number(length) < MIN_BYTES)) return false;
  if (/(^|,)\s*no-transform\b/i.test(headers.get("Cache-Control") ?? "")) return false;
  return COMPRESSIBLE_CONTENT_TYPE_REGEX.test(headers.get("Content-Type") ?? "");
}

/** `br` listed with a non-zero quality (`br;q=0` refuses it). */
export function acceptsBrotli(acceptEncoding: string | undefined) {
  return (acceptEncoding ?? "").split(",").some((part) => {
    const [name, ...params] = part.trim().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return name?.trim().toLowerCase() === "br" && (q === undefined || Number(q.slice(2)) > 0);
  });
}
