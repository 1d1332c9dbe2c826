import { copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_PRODUCT_IMAGE, PLACEHOLDER_IMAGE, srcSetFor } from "../../core/catalog/images.ts";
import { demoImagesDir } from "../seed/demo.ts";
import { describeImage } from "./describe.ts";
import { imageVariant, resolveInside } from "./variants.ts";

const root = mkdtempSync(path.join(tmpdir(), "media-test-"));
const dirs = { uploadsDir: path.join(root, "uploads"), cacheDir: path.join(root, "cache") };
mkdirSync(path.join(dirs.uploadsDir, "nested"), { recursive: true });
copyFileSync(
  path.join(demoImagesDir, "product-pure-resin-1.webp"),
  path.join(dirs.uploadsDir, "product.webp"),
);
copyFileSync(path.join(demoImagesDir, "blog-tea.webp"), path.join(dirs.uploadsDir, "nested", "post.webp"));
writeFileSync(path.join(dirs.uploadsDir, "broken.webp"), "not an image");
writeFileSync(path.join(root, "secret.png"), "outside uploads");
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("imageVariant", () => {
  it("generates a WebP of the requested width once and serves the cached file afterwards", async () => {
    const file = await imageVariant(dirs, "product.webp", 640);
    expect(file).toBe(path.join(dirs.cacheDir, "640", "product.webp.webp"));
    const meta = await sharp(file!).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 640, height: 640 });
    const firstWrite = statSync(file!).mtimeMs;
    expect(await imageVariant(dirs, "product.webp", 640)).toBe(file);
    expect(statSync(file!).mtimeMs).toBe(firstWrite);
    // Concurrent first requests share one generation.
    const [a, b] = await Promise.all([
      imageVariant(dirs, "nested/post.webp", 320),
      imageVariant(dirs, "nested/post.webp", 320),
    ]);
    expect(a).toBe(b);
    expect((await sharp(a!).metadata()).width).toBe(320);
  });

  it("refuses widths outside the list, missing files and anything outside the uploads folder", async () => {
    expect(await imageVariant(dirs, "product.webp", 641)).toBeNull();
    expect(await imageVariant(dirs, "missing.webp", 640)).toBeNull();
    expect(await imageVariant(dirs, "../secret.png", 640)).toBeNull();
    expect(await imageVariant(dirs, `${root}/secret.png`, 640)).toBeNull();
    expect(await imageVariant(dirs, "nested/../../secret.png", 640)).toBeNull();
    expect(await imageVariant(dirs, "notes.txt", 640)).toBeNull();
    await expect(imageVariant(dirs, "broken.webp", 640)).rejects.toThrow();
  });

  it("resolveInside never leaves its root", () => {
    expect(resolveInside("/data/uploads", "a/b.webp")).toBe("/data/uploads/a/b.webp");
    expect(resolveInside("/data/uploads", "../x")).toBeNull();
    expect(resolveInside("/data/uploads", "/etc/passwd")).toBeNull();
    expect(resolveInside("/data/uploads", "a\\..\\..\\x")).toBeNull();
    expect(resolveInside("/data/uploads", "")).toBeNull();
  });
});

describe("describeImage", () => {
  it("reads the intrinsic size of an upload", async () => {
    expect(await describeImage(dirs.uploadsDir, "/uploads/nested/post.webp")).toEqual({
      src: "/uploads/nested/post.webp",
      width: 1200,
      height: 630,
      responsive: true,
      fallback: PLACEHOLDER_IMAGE.src,
    });
  });

  it("falls back to the default product or placeholder image for missing, broken or absent images", async () => {
    for (const url of [null, "", "/uploads/missing.webp", "/uploads/broken.webp", "/uploads/../secret.png"]) {
      expect(await describeImage(dirs.uploadsDir, url, "product")).toMatchObject({
        src: DEFAULT_PRODUCT_IMAGE.src,
        responsive: false,
      });
    }
    expect((await describeImage(dirs.uploadsDir, undefined)).src).toBe(PLACEHOLDER_IMAGE.src);
  });

  it("keeps external images as they are, not resized", async () => {
    expect(await describeImage(dirs.uploadsDir, "https://cdn.example.com/a.jpg")).toMatchObject({
      src: "https://cdn.example.com/a.jpg",
      responsive: false,
    });
  });
});

describe("srcSetFor", () => {
  it("lists each generated width below the intrinsic one plus the original", () => {
    expect(srcSetFor({ src: "/uploads/p.webp", width: 1000 })).toBe(
      "/images/320/p.webp 320w, /images/640/p.webp 640w, /images/960/p.webp 960w, /uploads/p.webp 1000w",
    );
    expect(srcSetFor({ src: "/uploads/a.webp", width: 256 })).toBe("/uploads/a.webp 256w");
  });
});
