import { describe, expect, it } from "vitest";
import { renderMarkdown, safeHref } from "./markdown.ts";

describe("renderMarkdown", () => {
  it("renders headings, lists, emphasis, tables and code", () => {
    const html = renderMarkdown(
      "## Title\n\n- **bold** and *it*\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n`x < y`",
    );
    expect(html).toContain("<h2>Title</h2>");
    expect(html).toContain("<li><strong>bold</strong> and <em>it</em></li>");
    expect(html).toContain("<table>");
    expect(html).toContain("<code>x &lt; y</code>");
  });

  it("escapes raw HTML blocks and inline tags instead of passing them through", () => {
    const html = renderMarkdown(
      '<script>alert("x")</script>\n\nHello <img src=x onerror="alert(1)"> and <b>bold</b>\n\n<iframe src="https://evil"></iframe>',
    );
    expect(html).not.toMatch(/<script|<img|<b>|<iframe/i);
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });

  it("keeps safe links and drops dangerous ones", () => {
    const html = renderMarkdown(
      "[a](https://example.com) [b](/validity) [c](mailto:x@example.com) [d](javascript:alert(1)) [e](JaVaScRiPt:alert(1)) [f](data:text/html,hi)",
    );
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer nofollow">a</a>');
    expect(html).toContain('<a href="/validity">b</a>');
    expect(html).toContain('<a href="mailto:x@example.com">c</a>');
    expect(html).not.toMatch(/javascript:|data:/i);
    expect(html).toContain(" d ");
  });

  it("escapes attribute values in links and images", () => {
    const html = renderMarkdown('[x](/a "t\\"onmouseover=alert(1)") ![alt" onerror="y](/uploads/p.webp)');
    expect(html).not.toMatch(/"\s*onmouseover=|"\s*onerror=/);
    expect(html).toContain('alt="alt&quot; onerror=&quot;y"');
  });
});

describe("safeHref", () => {
  it("allows http(s), mailto and relative URLs only", () => {
    expect(safeHref("https://a.example")).toBe("https://a.example");
    expect(safeHref("/blog")).toBe("/blog");
    expect(safeHref("#top")).toBe("#top");
    expect(safeHref("other-post")).toBe("other-post");
    expect(safeHref("java\tscript:alert(1)")).toBeNull();
    expect(safeHref("vbscript:x")).toBeNull();
  });
});
