import { Marked, type Tokens } from "marked";
import { allWidthsSrcSets, avifSrcSetFor, isUploadUrl, srcSetFor } from "../../core/catalog/images.ts";
import { CLAIM_MARKER, claimText } from "../../core/legal/supplement-facts.ts";
import { escapeHtml } from "../../core/text/html.ts";
import { CLAIM_PARAGRAPH } from "../labels/label-html.ts";

/** Only web, mail and same-site links: `javascript:`, `data:` and the like are dropped. */
export function safeHref(href: string): string | null {
  const trimmed = href.trim();
  if (/^(https?:|mailto:)/i.test(trimmed)) return trimmed;
  // Relative URLs have no scheme before the first slash, question mark or hash.
  // Browsers ignore tabs, newlines and other control characters inside a scheme (`java\tscript:`).
  const visible = [...trimmed].filter((c) => c.charCodeAt(0) > 32).join("");
  if (!/^[a-z][a-z0-9+.-]*:/i.test(visible)) return trimmed;
  return null;
}

/** Intrinsic sizes of the uploads a Markdown text shows, by URL (`markdownImageSizes`). */
export type ImageSizes = ReadonlyMap<string, { width: number; height: number }>;

/** How wide a body image is drawn: the full phone screen, or the article column (max-w-3xl). */
const BODY_IMAGE_SIZES = "(max-width: 768px) 100vw, 768px";

/**
 * An image from our uploads: AVIF and WebP variants in a <picture>, and, when its size is known,
 * width and height so the text below does not jump when it loads.
 */
function uploadPicture(
  url: string,
  alt: string,
  titleAttr: string,
  size: { width: number; height: number } | undefined,
) {
  const image = size ? { src: url, width: size.width } : null;
  const sets = image ? { avif: avifSrcSetFor(image), webp: srcSetFor(image) } : allWidthsSrcSets(url);
  const dimensions = size ? ` width="${size.width}" height="${size.height}"` : "";
  const sizes = ` sizes="${BODY_IMAGE_SIZES}"`;
  return (
    `<picture><source type="image/avif" srcset="${escapeHtml(sets.avif)}"${sizes}>` +
    `<img src="${escapeHtml(url)}" srcset="${escapeHtml(sets.webp)}"${sizes} alt="${escapeHtml(alt)}"${titleAttr}${dimensions} loading="lazy" decoding="async"></picture>`
  );
}

function createParser(imageSizes?: ImageSizes) {
  return new Marked({
    gfm: true,
    renderer: {
      // "[claim] Supports …" marks a structure/function claim: shown with its "*" (decision 045).
      paragraph({ tokens }: Tokens.Paragraph) {
        const html = this.parser.parseInline(tokens);
        if (!html.startsWith(CLAIM_MARKER)) return `<p>${html}</p>\n`;
        return `${CLAIM_PARAGRAPH}${claimText(html.slice(CLAIM_MARKER.length).trimStart())}</p>\n`;
      },
      // Raw HTML in the Markdown is shown as text, never passed through.
      html({ text }: Tokens.HTML | Tokens.Tag) {
        return escapeHtml(text);
      },
      link({ href, title, tokens }: Tokens.Link) {
        const label = this.parser.parseInline(tokens);
        const url = safeHref(href);
        if (!url) return label;
        const external = /^https?:/i.test(url);
        const titleAttr = title ? ` title="${escapeHtml(title)}"` : "";
        const rel = external ? ' rel="noopener noreferrer nofollow"' : "";
        return `<a href="${escapeHtml(url)}"${titleAttr}${rel}>${label}</a>`;
      },
      image({ href, title, text }: Tokens.Image) {
        const url = safeHref(href);
        if (!url || url.startsWith("mailto:")) return escapeHtml(text);
        const titleAttr = title ? ` title="${escapeHtml(title)}"` : "";
        if (isUploadUrl(url)) return uploadPicture(url, text, titleAttr, imageSizes?.get(url));
        return `<img src="${escapeHtml(url)}" alt="${escapeHtml(text)}"${titleAttr} loading="lazy" decoding="async">`;
      },
    },
  });
}

const marked = createParser();

/** The upload URLs a Markdown text shows as images (to look their sizes up before rendering). */
export function markdownUploadImages(markdown: string): string[] {
  const urls = new Set<string>();
  marked.walkTokens(marked.lexer(markdown), (token) => {
    if (token.type === "image" && isUploadUrl(token.href.trim())) urls.add(token.href.trim());
  });
  return [...urls];
}

/**
 * Blog Markdown to HTML that is safe to insert into the page: raw HTML is escaped, links are
 * limited to http(s), mailto and relative URLs. Everything else marked emits is its own markup.
 * Upload images get width and height from `imageSizes` (see `markdownImageSizes`).
 */
export function renderMarkdown(markdown: string, imageSizes?: ImageSizes): string {
  return (imageSizes?.size ? createParser(imageSizes) : marked).parse(markdown, { async: false });
}
