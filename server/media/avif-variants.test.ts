import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { avifSrcSetFor, avifVariantUrl } from "../../core/catalog/images.ts";
import { demoImagesDir } from "../seed/demo.ts";
import { storeImageUpload } from "./uploads.ts";
import { imageVariant, variantRequest } from "./variants.ts";

const root = mkdtempSync(path.join(tmpdir(), "avif-test-"));
const dirs = { uploadsDir: path.join(root, "uploads"), cacheDir: path.join(root, "cache") };
mkdirSync(dirs.uploadsDir, { recursive: true });
copyFileSync(path.join(demoImagesDir, "blog-tea.webp"), path.join(dirs.uploadsDir, "post.webp"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("AVIF variants", () => {
  it("are named after the WebP variant plus .avif; an upload that is itself .avif stays WebP", () => {
    expect(avifVariantUrl("/uploads/a.webp", 640)).toBe("/images/640/a.webp.avif");
    expect(variantRequest("a.webp.avif")).toEqual({ upload: "a.webp", format: "avif" });
    expect(variantRequest("a.webp")).toEqual({ upload: "a.webp", format: "webp" });
    expect(variantRequest("a.avif")).toEqual({ upload: "a.avif", format: "webp" });
  });

  it("are generated with sharp next to the WebP ones, never enlarged", async () => {
    const avif = await imageVariant(dirs, "post.webp.avif", 320);
    expect(avif).toBe(path.join(dirs.cacheDir, "320", "post.webp.avif"));
    expect(await sharp(avif!).metadata()).toMatchObject({ format: "heif", compression: "av1", width: 320 });
    const webp = await imageVariant(dirs, "post.webp", 320);
    expect((await sharp(webp!).metadata()).format).toBe("webp");
    expect(await imageVariant(dirs, "missing.webp.avif", 320)).toBeNull();
    expect(await imageVariant(dirs, "../x.webp.avif", 320)).toBeNull();
  });

  it("srcset lists the widths below the intrinsic one and the next width at the intrinsic size", () => {
    expect(avifSrcSetFor({ src: "/uploads/a.webp", width: 800 })).toBe(
      "/images/320/a.webp.avif 320w, /images/640/a.webp.avif 640w, /images/960/a.webp.avif 800w",
    );
    expect(avifSrcSetFor({ src: "/uploads/a.webp", width: 3000 })).toContain(
      "/images/1280/a.webp.avif 1280w",
    );
  });

  it("are stored with the upload in stores that cannot make them on request (S3)", async () => {
    const stored: string[] = [];
    const store = {
      put: async (name: string) => `/uploads/${name}`,
      putVariant: async (_name: string, width: number, bytes: Buffer, format: string) => {
        expect((await sharp(bytes).metadata()).format).toBe(format === "avif" ? "heif" : "webp");
        stored.push(`${width}:${format}`);
      },
    };
    const bytes = await sharp({ create: { width: 700, height: 500, channels: 3, background: "#4a8" } })
      .png()
      .toBuffer();
    await storeImageUpload(store, bytes);
    expect(stored).toEqual([
      "320:webp",
      "320:avif",
      "640:webp",
      "640:avif",
      "960:webp",
      "960:avif",
      "1280:webp",
      "1280:avif",
    ]);
  });
});
