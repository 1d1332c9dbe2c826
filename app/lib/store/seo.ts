import type { MetaDescriptor } from "react-router";
import { brand } from "~core/brand.ts";
import { clampDescription } from "~core/text/seo-text.ts";
import { absoluteUrl } from "~core/text/urls.ts";

/** What a page says about itself to search engines and link previews. */
export type PageSeo = {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. `/blog/my-post` (no query string). */
  path: string;
  /** Absolute or site-relative image for Open Graph / Twitter cards. */
  image?: string | null;
  type?: "website" | "article" | "product";
  noindex?: boolean;
};

export const DEFAULT_DESCRIPTION = `${brand.tagline}. Lab-tested, every jar verifiable by batch number.`;

/** The public origin from the root loader's data, for absolute URLs in meta tags. */
export function publicUrlFrom(matches: readonly ({ id: string; data?: unknown } | undefined)[]): string {
  const root = matches.find((m) => m?.id === "root")?.data as { publicUrl?: string } | undefined;
  return root?.publicUrl ?? "";
}

// Shared with the server (the Google feed builds the same absolute URLs).
export { absoluteUrl, clampDescription };

/** Title, description, canonical link, Open Graph and Twitter card tags for one page. */
export function seoMeta(page: PageSeo, publicUrl: string): MetaDescriptor[] {
  const url = absoluteUrl(publicUrl, page.path);
  const image = page.image ? absoluteUrl(publicUrl, page.image) : undefined;
  const description = clampDescription(page.description);
  return [
    { title: page.title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    ...(page.noindex ? [{ name: "robots", content: "noindex" }] : []),
    { property: "og:site_name", content: brand.name },
    {
      property: "og:type",
      content: page.type === "article" ? "article" : page.type === "product" ? "product" : "website",
    },
    { property: "og:title", content: page.title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: description },
    ...(image ? [{ name: "twitter:image", content: image }] : []),
  ];
}

/** `Title | Brand`, unless the title already names the brand (SEO titles usually do). */
export function pageTitle(title: string) {
  return title.includes(brand.name) ? title : `${title} | ${brand.name}`;
}
