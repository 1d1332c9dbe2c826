import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_WIDTHS, isUploadUrl, variantUrl } from "../../core/catalog/images.ts";
import { type FakeS3, startFakeS3 } from "../../tests/support/fake-s3.ts";
import { loadConfig } from "../config.ts";
import { type S3Settings, s3MediaStore, s3PublicUrl } from "./s3-store.ts";
import { storeImageUpload } from "./uploads.ts";

const credentials = { S3_BUCKET: "shop-media", S3_ACCESS_KEY_ID: "AKIATEST", S3_SECRET_ACCESS_KEY: "secret" };
let s3: FakeS3;
let settings: S3Settings;

beforeAll(async () => {
  s3 = await startFakeS3({ bucket: "shop-media", accessKeyId: "AKIATEST" });
  settings = s3Settings({
    ...credentials,
    S3_ENDPOINT: s3.endpoint,
    S3_PUBLIC_URL: "https://cdn.example.test/",
  });
});
afterAll(() => s3.close());

/** S3 settings exactly as the server reads them from the environment. */
function s3Settings(env: Record<string, string>) {
  const config = loadConfig({ NODE_ENV: "test", ...env });
  if (!config.s3) throw new Error("S3 is not configured");
  return config.s3;
}

function photoWithGps() {
  return sharp({ create: { width: 1500, height: 1000, channels: 3, background: "#7a4b2a" } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Artist: "secret-owner" }, IFD3: { GPSLatitudeRef: "N" } } })
    .toBuffer();
}

describe("uploads in S3", () => {
  it("puts the re-encoded image and its variants in the bucket (path style) and returns the public URL", async () => {
    const input = await photoWithGps();
    expect(input.includes("secret-owner")).toBe(true);
    const { url } = await storeImageUpload(s3MediaStore(settings), input);

    const name = url.match(/^https:\/\/cdn\.example\.test\/uploads\/([0-9a-f-]{36}\.webp)$/)?.[1];
    expect(name, url).toBeDefined();
    const original = s3.objects.get(`shop-media/uploads/${name}`);
    expect(original).toMatchObject({
      contentType: "image/webp",
      cacheControl: expect.stringContaining("immutable"),
    });
    const meta = await sharp(original!.bytes).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 1500, height: 1000 });
    expect(meta.exif).toBeUndefined();
    expect(original!.bytes.includes("secret-owner")).toBe(false);

    for (const width of IMAGE_WIDTHS) {
      const variant = s3.objects.get(`shop-media/images/${width}/${name}`);
      expect(variant, `variant ${width}`).toBeDefined();
      const size = await sharp(variant!.bytes).metadata();
      expect(size).toMatchObject({ format: "webp", width: Math.min(width, 1500) });
      expect(size.exif).toBeUndefined();
      const avif = s3.objects.get(`shop-media/images/${width}/${name}.avif`);
      expect(avif?.contentType, `AVIF variant ${width}`).toBe("image/avif");
      expect(await sharp(avif!.bytes).metadata()).toMatchObject({
        compression: "av1",
        width: Math.min(width, 1500),
      });
    }
    // Path-style requests (bucket in the path), signed with the configured key.
    expect(s3.requests.map((r) => r.line)).toContain(`PUT /shop-media/uploads/${name}`);
    expect(s3.requests.every((r) => r.authorization?.includes("Credential=AKIATEST/"))).toBe(true);
    // The pages find the variants of this URL below the same public base.
    expect(isUploadUrl(url, "https://cdn.example.test")).toBe(true);
    expect(variantUrl(url, 640, "https://cdn.example.test")).toBe(
      `https://cdn.example.test/images/640/${name}`,
    );
  });

  it("fails the upload when the bucket refuses it", async () => {
    const wrong = s3Settings({ ...credentials, S3_ACCESS_KEY_ID: "AKIAOTHER", S3_ENDPOINT: s3.endpoint });
    await expect(storeImageUpload(s3MediaStore(wrong), await photoWithGps())).rejects.toThrow();
  });

  it("derives the public URL from S3_PUBLIC_URL, else the endpoint and bucket, else AWS", () => {
    expect(
      s3PublicUrl(s3Settings({ ...credentials, S3_PUBLIC_URL: "https://cdn.example.test/media/" })),
    ).toBe("https://cdn.example.test/media");
    expect(s3PublicUrl(s3Settings({ ...credentials, S3_ENDPOINT: "http://minio.local:9000" }))).toBe(
      "http://minio.local:9000/shop-media",
    );
    expect(s3PublicUrl(s3Settings({ ...credentials, S3_REGION: "eu-central-1" }))).toBe(
      "https://shop-media.s3.eu-central-1.amazonaws.com",
    );
  });
});
