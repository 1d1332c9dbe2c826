import { describe, expect, it } from "vitest";
import {
  MAX_MARKDOWN_NESTING,
  markdownProblem,
  renderCheckedMarkdown,
  storedPostHtml,
  TOO_DEEPLY_NESTED,
  TOO_LONG,
} from "./markdown-limits.ts";

const deep = MAX_MARKDOWN_NESTING + 1;

describe("markdown limits", () => {
  it("accepts ordinary posts: nested lists and quotes a few levels deep, dividers, code", () => {
    const post =
      "# Title\n\n> quote\n> > reply\n\n- a\n  - b\n    - c\n\n1. one\n2. two\n\n***\n\n**bold** _it_ ~~x~~\n\n    code\n";
    expect(markdownProblem(post)).toBeNull();
    expect(renderCheckedMarkdown(post)).toMatchObject({ ok: true, html: expect.stringContaining("<h1>") });
  });

  it.each([
    ["quotes", ">".repeat(5000)],
    ["spaced quotes", "> ".repeat(deep)],
    ["list items", `${"- ".repeat(deep)}x`],
    ["numbered items", `${"1. ".repeat(deep)}x`],
    ["indentation", `${" ".repeat(2 * deep)}- x`],
    ["emphasis", `${"*".repeat(5000)}a${"*".repeat(5000)}`],
  ])("refuses nesting by %s with the limit's message (no stack overflow)", (_name, markdown) => {
    expect(markdownProblem(markdown)).toBe(TOO_DEEPLY_NESTED);
    expect(renderCheckedMarkdown(markdown)).toEqual({ ok: false, message: TOO_DEEPLY_NESTED });
  });

  it("refuses a body longer than a post may be", () => {
    expect(markdownProblem("a".repeat(200_001))).toBe(TOO_LONG);
  });

  it("stores content saved before the limits as escaped plain text paragraphs", () => {
    const html = storedPostHtml(`${">".repeat(5000)}<script>x</script>\n\nsecond`);
    expect(html).toContain("&lt;script&gt;");
    expect(html).not.toContain("<script>");
    expect(html).toContain("<p>second</p>");
    expect(html).not.toContain("<blockquote>");
  });
});
