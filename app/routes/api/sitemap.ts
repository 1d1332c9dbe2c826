import { sitemapDocument } from "~server/seo/sitemap.ts";
import type { Route } from "./+types/sitemap";

/** "7.xml" → 7; anything else (letters, a sign, leading zeros, a huge number) is no part. */
function partOf(file: string | undefined): number | null | undefined {
  if (file === undefined) return null;
  const match = /^([1-9][0-9]{0,5})\.xml$/.exec(file);
  return match ? Number(match[1]) : undefined;
}

/** /sitemap.xml and, for a catalog above 50,000 URLs, the parts its index lists. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const part = partOf((params as { file?: string }).file);
  const xml =
    part === undefined ? null : await sitemapDocument(context.database.db, context.config.publicUrl, part);
  if (xml === null) {
    return new Response("No such sitemap.\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=300" },
    });
  }
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
