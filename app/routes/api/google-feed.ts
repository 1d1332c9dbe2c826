import { matchesTag } from "~server/http/caching.ts";
import { googleFeed } from "~server/seo/google-feed-cache.ts";
import type { Route } from "./+types/google-feed";

/**
 * /feeds/google.xml, the Google Merchant Center product feed (docs/feeds.md). Public like the
 * sitemap; the query string is ignored (no parameter changes the answer, so none busts the cache).
 * It carries its own ETag so the shared conditional-GET middleware does not buffer the stream.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const feed = await googleFeed(context.database.db, context.config.publicUrl);
  const headers = new Headers({
    "Content-Type": "application/xml; charset=utf-8",
    "Cache-Control": feed.etag ? "public, max-age=300" : "no-store",
  });
  if (feed.etag) headers.set("ETag", feed.etag);
  if (feed.etag && matchesTag(request.headers.get("If-None-Match") ?? undefined, feed.etag)) {
    headers.delete("Content-Type");
    return new Response(null, { status: 304, headers });
  }
  if (request.method === "HEAD") return new Response(null, { headers });
  const body = feed.open();
  if (body) return new Response(body, { headers });
  return new Response("The feed is being generated for other requests; try again in a minute.\n", {
    status: 503,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Retry-After": "60",
      "Cache-Control": "no-store",
    },
  });
}
