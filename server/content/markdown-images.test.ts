import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { demoImagesDir } from "../seed/demo.ts";
import { renderMarkdown } from "./markdown.ts";
import { markdownImageSizes } from "./markdown-images.ts";

const uploadsDir = mkdtempSync(path.join(tmpdir(), "markdown-images-"));
mkdirSync(uploadsDir, { recursive: true });
copyFileSync(path.join(demoImagesDir, "blog-tea.webp"), path.join(uploadsDir, "tea.webp"));
afterAll(() => rmSync(uploadsDir, { recursive: true, force: true }));

describe("images in Markdown", () => {
  it("uploads get width, height, AVIF and WebP srcsets from the stored file", async () => {
    const { width, height } = await sharp(path.join(uploadsDir, "tea.webp")).metadata();
    const markdown = "Brewing:\n\n![A cup of tea](/uploads/tea.webp)\n\n![gone](/uploads/missing.webp)";
    const sizes = await markdownImageSizes(uploadsDir, markdown);
    expect([...sizes]).toEqual([["/uploads/tea.webp", { width, height }]]);
    const html = renderMarkdown(markdown, sizes);
    expect(html).toContain(`<picture><source type="image/avif" srcset="/images/320/tea.webp.avif 320w`);
    expect(html).toMatch(
      new RegExp(
        `<img src="/uploads/tea.webp" srcset="/images/320/tea.webp 320w[^"]*/uploads/tea.webp ${width}w" sizes="[^"]+" alt="A cup of tea" width="${width}" height="${height}"`,
      ),
    );
    // An upload whose size cannot be read still gets its variants, without a guessed size.
    expect(html).toMatch(
      /<img src="\/uploads\/missing.webp" srcset="[^"]+" sizes="[^"]+" alt="gone" loading/,
    );
  });

  it("other images stay plain <img>, and hostile URLs stay escaped", async () => {
    const markdown = '![x](https://example.com/a.png) ![y](/uploads/a"onerror=alert(1).webp)';
    const html = renderMarkdown(markdown, await markdownImageSizes(uploadsDir, markdown));
    expect(html).toContain('<img src="https://example.com/a.png" alt="x" loading="lazy"');
    expect(html).not.toContain('"onerror');
  });

  it("Markdown over the limits is not read for images", async () => {
    expect((await markdownImageSizes(uploadsDir, `${">".repeat(5000)} ![a](/uploads/tea.webp)`)).size).toBe(
      0,
    );
  });
});
