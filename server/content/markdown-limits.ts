import { escapeHtml } from "../../core/text/html.ts";
import { type ImageSizes, renderMarkdown } from "./markdown.ts";

/** The post body's size limit; the preview renders no more than a post may hold. */
export const MAX_MARKDOWN_LENGTH = 200_000;

/**
 * Quotes, lists and emphasis nest this deep at most. marked parses nesting by recursion, so a few
 * thousand levels (">".repeat(5000)) overflow the stack; real posts stay below 10.
 */
export const MAX_MARKDOWN_NESTING = 20;

/** A run of emphasis markers longer than this is nesting, not writing (a "***" divider is 3). */
const MAX_EMPHASIS_RUN = 100;

export const TOO_DEEPLY_NESTED = `Content is nested too deeply: at most ${MAX_MARKDOWN_NESTING} levels of quotes, lists or emphasis`;
export const TOO_LONG = "Content is too long";

// One quote marker or list item marker at the start of what is left of a line.
const CONTAINER_MARKER = /^[ \t]*(?:>|[-+*](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$))[ \t]?/;

/** Quote and list levels of one line: its markers plus its indentation (a nested list level is ≥ 2 columns). */
function lineDepth(line: string): number {
  const indent = /^[ \t]*/.exec(line)![0].replace(/\t/g, "    ").length;
  let depth = Math.floor(indent / 2);
  let rest = line;
  for (let match = CONTAINER_MARKER.exec(rest); match; match = CONTAINER_MARKER.exec(rest)) {
    if (++depth > MAX_MARKDOWN_NESTING) return depth;
    rest = rest.slice(match[0].length);
  }
  return depth;
}

function longestEmphasisRun(markdown: string): number {
  let longest = 0;
  for (const run of markdown.matchAll(/\*+|_+|~+/g)) longest = Math.max(longest, run[0].length);
  return longest;
}

/** Why this Markdown may not be rendered (too long or too deeply nested); null when it may. */
export function markdownProblem(markdown: string): string | null {
  if (markdown.length > MAX_MARKDOWN_LENGTH) return TOO_LONG;
  if (longestEmphasisRun(markdown) > MAX_EMPHASIS_RUN) return TOO_DEEPLY_NESTED;
  for (const line of markdown.split("\n")) {
    if (lineDepth(line) > MAX_MARKDOWN_NESTING) return TOO_DEEPLY_NESTED;
  }
  return null;
}

export type CheckedRender = { ok: true; html: string } | { ok: false; message: string };

/**
 * Renders only Markdown within the limits. A stack overflow that some other nesting still causes
 * is reported the same way, never thrown.
 */
export function renderCheckedMarkdown(markdown: string, imageSizes?: ImageSizes): CheckedRender {
  const problem = markdownProblem(markdown);
  if (problem) return { ok: false, message: problem };
  try {
    return { ok: true, html: renderMarkdown(markdown, imageSizes) };
  } catch (error) {
    if (error instanceof RangeError) return { ok: false, message: TOO_DEEPLY_NESTED };
    throw error;
  }
}

/**
 * The HTML stored with a post (rendered once, at save). Content saved before the limits existed
 * may exceed them: it is shown as escaped paragraphs of plain text rather than not at all.
 */
export function storedPostHtml(markdown: string, imageSizes?: ImageSizes): string {
  const rendered = renderCheckedMarkdown(markdown, imageSizes);
  if (rendered.ok) return rendered.html;
  return markdown
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
    .join("\n");
}
