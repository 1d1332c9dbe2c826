/**
 * Behind a reverse proxy that ends TLS, the app sees `http://internal-host/…` while the browser's
 * page (and so its `Origin`) is `PUBLIC_URL`. sameOriginOnly accepts that origin, but React
 * Router's own action check compares `Origin` with the request URL and would answer 400 to every
 * form post. A request from the public origin is therefore handed to React Router under that
 * origin; nothing else changes (same method, headers and body).
 */
export function asPublicRequest(request: Request, publicUrl: string): Request {
  const publicOrigin = new URL(publicUrl).origin;
  const url = new URL(request.url);
  if (request.headers.get("origin") !== publicOrigin || url.origin === publicOrigin) return request;
  return new Request(new URL(url.pathname + url.search, publicOrigin), request);
}
