import { hitRateLimits, suggestLimits } from "~server/rate-limit/rate-limit.ts";
import { readSearchQuery } from "~server/search/search.ts";
import { suggestStorefront } from "~server/search/suggest.ts";
import type { Route } from "./+types/search-suggest";

/**
 * GET /search/suggest?q=… → { suggestions }: the header search's list while typing
 * (server/search/suggest.ts). A query that is too long or has no words is an empty list; a client
 * over the limit gets 429 with Retry-After and the header form still works (it submits to /search).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { q, error } = readSearchQuery(new URL(request.url).searchParams);
  if (error || q.length === 0) return Response.json({ suggestions: [] }, { headers: noStore });
  const limit = await hitRateLimits(context.database.db, suggestLimits(context.clientIp));
  if (!limit.allowed)
    return Response.json(
      { suggestions: [], error: "Too many searches: suggestions are paused for a moment." },
      { status: 429, headers: { ...noStore, "Retry-After": String(limit.retryAfterSeconds) } },
    );
  const suggestions = await suggestStorefront(context.database.db, q);
  return Response.json({ suggestions }, { headers: noStore });
}

/** Counted per client: a shared cache must not answer for the server. */
const noStore = { "Cache-Control": "private, no-store" };
