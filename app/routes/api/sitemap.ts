import { renderSitemap, sitemapEntries } from "~server/seo/sitemap.ts";
import type { Route } from "./+types/sitemap";

export async function loader({ context }: Route.LoaderArgs) {
  const xml = renderSitemap(context.config.publicUrl, await sitemapEntries(context.database.db));
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
