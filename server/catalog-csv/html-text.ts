import { Parser } from "htmlparser2";
import { escapeHtml } from "../../core/text/html.ts";

/**
 * Product descriptions here are plain text shown with their line breaks (the product page escapes
 * them), so an imported HTML body is cleaned down to that: its words, paragraphs, line breaks and
 * list items. Scripts, styles, frames, forms, event handlers and links' targets never come across:
 * no markup does. Export writes the text back as the simple HTML Shopify expects.
 */

/** Elements whose content is not text for a reader. */
const DROPPED = new Set([
  "script",
  "style",
  "iframe",
  "object",
  "embed",
  "noscript",
  "template",
  "svg",
  "head",
  "title",
  "form",
  "select",
  "textarea",
  "button",
]);
/** Elements that start and end a paragraph. */
const BLOCKS = new Set([
  "p",
  "div",
  "section",
  "article",
  "header",
  "footer",
  "aside",
  "main",
  "blockquote",
  "pre",
  "ul",
  "ol",
  "dl",
  "table",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "figure",
  "hr",
]);
/** Elements that start a line of their own. */
const LINES = new Set(["li", "tr", "dt", "dd", "figcaption"]);

export function htmlToText(html: string, options: { newlinesAreBreaks?: boolean } = {}): string {
  let out = "";
  let dropping = 0;
  const parser = new Parser(
    {
      onopentagname(name) {
        if (DROPPED.has(name)) dropping++;
        else if (dropping) return;
        else if (name === "br") out += "\n";
        else if (BLOCKS.has(name)) out += "\n\n";
        else if (name === "li") out += "\n- ";
        else if (LINES.has(name)) out += "\n";
        else if (name === "td" || name === "th") out += " ";
      },
      onclosetag(name, implied) {
        if (DROPPED.has(name)) dropping = Math.max(0, dropping - 1);
        else if (!dropping && BLOCKS.has(name) && !implied) out += "\n\n";
      },
      ontext(text) {
        if (dropping) return;
        // HTML white space is not meaningful, except where the source means line breaks (WooCommerce).
        out += options.newlinesAreBreaks ? text.replace(/[ \t\f]+/g, " ") : text.replace(/\s+/g, " ");
      },
    },
    { decodeEntities: true, lowerCaseTags: true, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  return out
    .replace(/\u00a0/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** Plain text as Shopify's Body (HTML): a paragraph per blank-line-separated block, <br> inside one. */
export function textToHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${block.split("\n").map(escapeHtml).join("<br>")}</p>`)
    .join("");
}
