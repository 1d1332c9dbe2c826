import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { IMAGE_WIDTHS } from "../../core/catalog/images.ts";
import { InvalidInputError } from "../errors.ts";
import { sharp } from "./sharp.ts";
import { resizeToWidth, type VariantFormat } from "./variants.ts";

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Larger images are scaled down to fit; nothing on the site shows them bigger. */
const MAX_DIMENSION = 2400;
/** Refuses decompression bombs before they are decoded in full. */
const MAX_INPUT_PIXELS = 50_000_000;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif", "tiff"]);

/** A reason the admin can act on; shown as the upload error message. */
export class UploadRejected extends InvalidInputError {
  constructor(reason: string) {
    super({ title: "Upload failed", description: reason });
  }
}

export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";

/** Where uploads go: local disk or an S3 bucket (`s3-store.ts`); the rest of the code does not care. */
export type MediaStore = {
  /** Stores an upload under `name`; returns its public URL. */
  put(name: string, bytes: Buffer, contentType: string): Promise<string>;
  /**
   * Stores the responsive variant of upload `name` at `width` px. Only stores that cannot make
   * variants on request have it (local uploads get theirs from the image route on first use).
   */
  putVariant?(name: string, width: number, bytes: Buffer, format: VariantFormat): Promise<void>;
};

/** Files under `dir`, served by the HTTP app at /uploads/<name>. */
export function localMediaStore(dir: string): MediaStore {
  return {
    async put(name, bytes) {
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, name), bytes, { flag: "wx" });
      return `/uploads/${name}`;
    },
  };
}

/**
 * Checks an uploaded file by decoding it (the name and declared type are not trusted), refuses SVG
 * (it can carry scripts) and anything too big, and re-encodes it as WebP: that drops EXIF, GPS and
 * any bytes smuggled after the image. Stored under a random name; returns its public URL.
 */
export async function storeImageUpload(store: MediaStore, bytes: Uint8Array): Promise<{ url: string }> {
  if (bytes.byteLength === 0) throw new UploadRejected("Choose an image file to upload");
  if (bytes.byteLength > MAX_UPLOAD_BYTES) throw new UploadRejected("The image must be 5 MB or smaller");

  const input = Buffer.from(bytes);
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw new UploadRejected("The file is not a supported image (use JPEG, PNG, WebP, GIF or AVIF)");
  }
  if (format === "svg") throw new UploadRejected("SVG images are not allowed");
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw new UploadRejected("The file is not a supported image (use JPEG, PNG, WebP, GIF or AVIF)");
  }

  let output: Buffer;
  try {
    output = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate() // apply the EXIF orientation before the metadata goes
      .resize({ width: MAX_DIMENSION, height: MAX_DIMENSION, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new UploadRejected("The image could not be read; it may be damaged");
  }
  const name = `${randomUUID()}.webp`;
  if (store.putVariant) {
    // Variants first: the upload's URL is only handed out once all of its files exist.
    for (const width of IMAGE_WIDTHS) {
      for (const format of ["webp", "avif"] as const) {
        await store.putVariant(name, width, await resizeToWidth(output, width, format), format);
      }
    }
  }
  return { url: await store.put(name, output, "image/webp") };
}
