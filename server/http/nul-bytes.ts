import type { MiddlewareHandler } from "hono";

/** `%00` (a raw NUL never survives URL parsing): what PostgreSQL text can never hold. */
const NUL = /%00/;

/**
 * A URL whose path or query holds a NUL character is refused with a 400 before any route reads
 * it: PostgreSQL refuses NUL in text ("invalid byte sequence"), so such a value from a URL used to
 * reach a query as a 500 (issue 29: ids and page positions are validated before a query).
 */
export function refuseNulInUrls(): MiddlewareHandler {
  return async (c, next) => {
    const url = c.req.url;
    const start = url.indexOf("/", url.indexOf("//") + 2);
    if (NUL.test(url.slice(start)) || url.includes(String.fromCharCode(0))) {
      c.header("Cache-Control", "no-store");
      return c.text("Bad request: the address holds a character no page accepts.", 400);
    }
    await next();
  };
}
