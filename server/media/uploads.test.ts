import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { localMediaStore, MAX_UPLOAD_BYTES, storeImageUpload, UploadRejected } from "./uploads.ts";

const dir = mkdtempSync(path.join(tmpdir(), "uploads-test-"));
const store = localMediaStore(dir);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function jpegWithExif() {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: "#d6a945" } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: "secret-owner", Artist: "GPS-Person" } } })
    .toBuffer();
}

describe("storeImageUpload", () => {
  it("re-encodes an image to WebP under a random name, without its metadata", async () => {
    const input = await jpegWithExif();
    expect(input.includes("secret-owner")).toBe(true);
    const { url } = await storeImageUpload(store, input);
    expect(url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
    const stored = readFileSync(path.join(dir, path.basename(url)));
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 40, height: 30 });
    expect(meta.exif).toBeUndefined();
    expect(stored.includes("secret-owner")).toBe(false);
    const again = await storeImageUpload(store, input);
    expect(again.url).not.toBe(url);
  });

  it("refuses SVG, non-images with an image name, empty and oversized files", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><rect width="20" height="20"/><script>alert(1)</script></svg>',
    );
    await expect(storeImageUpload(store, svg)).rejects.toThrow("SVG images are not allowed");
    await expect(storeImageUpload(store, Buffer.from("GIF89a but not really"))).rejects.toThrow(
      UploadRejected,
    );
    await expect(storeImageUpload(store, new Uint8Array())).rejects.toThrow("Choose an image file");
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1);
    await expect(storeImageUpload(store, big)).rejects.toThrow("5 MB or smaller");
  });
});
