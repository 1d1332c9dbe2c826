import { mkdir, rename, stat } from "node:fs/promises";
import path from "node:path";
import { IMAGE_WIDTHS } from "../../core/catalog/images.ts";
import { sharp } from "./sharp.ts";

const RESIZABLE = new Set([".webp", ".jpg", ".jpeg", ".png", ".avif", ".gif"]);

export type MediaDirs = { uploadsDir: string; cacheDir: string };

/**
 * Resolves `relativePath` inside `root`, or null when it would leave it (`..`, absolute paths,
 * encoded separators) — the only way a request path becomes a file path.
 */
export function resolveInside(root: string, relativePath: string): string | null {
  if (!relativePath || relativePath.includes("\0") || relativePath.includes("\\")) return null;
  const resolved = path.resolve(root, relativePath);
  return resolved.startsWith(path.resolve(root) + path.sep) ? resolved : null;
}

// One generation per variant at a time within a process; across processes the rename is atomic.
const inFlight = new Map<string, Promise<string>>();

export type VariantFormat = "webp" | "avif";

/**
 * What a variant path asks for: `a/b.webp` is the WebP variant of upload `a/b.webp`, and
 * `a/b.webp.avif` its AVIF variant (core/catalog/images.ts `avifVariantUrl`). An upload that is itself
 * `x.avif` has no second image extension left, so it stays a WebP request.
 */
export function variantRequest(relativePath: string): { upload: string; format: VariantFormat } {
  const upload = relativePath.replace(/\.avif$/i, "");
  if (upload !== relativePath && RESIZABLE.has(path.extname(upload).toLowerCase())) {
    return { upload, format: "avif" };
  }
  return { upload: relativePath, format: "webp" };
}

/**
 * The WebP or AVIF variant (see `variantRequest`) of an uploaded image at one of the allowed
 * widths: generated with sharp on the first request and kept under the cache folder, so later
 * requests only read a file. Null when the width is not allowed or the upload does not exist / is
 * not a resizable image.
 */
export async function imageVariant(
  dirs: MediaDirs,
  relativePath: string,
  width: number,
): Promise<string | null> {
  if (!(IMAGE_WIDTHS as readonly number[]).includes(width)) return null;
  const { upload, format } = variantRequest(relativePath);
  const source = resolveInside(dirs.uploadsDir, upload);
  if (!source || !RESIZABLE.has(path.extname(source).toLowerCase())) return null;
  const target = resolveInside(path.join(dirs.cacheDir, String(width)), `${upload}.${format}`);
  if (!target) return null;
  if (await isFile(target)) return target;
  if (!(await isFile(source))) return null;

  let pending = inFlight.get(target);
  if (!pending) {
    pending = generate(source, target, width, format).finally(() => inFlight.delete(target));
    inFlight.set(target, pending);
  }
  return pending;
}

async function generate(source: string, target: string, width: number, format: VariantFormat) {
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
  await variantPipeline(source, width, format).toFile(temporary);
  await rename(temporary, target);
  return target;
}

/** The variant of an image at `width` px as WebP or AVIF bytes (for stores that keep variants, e.g. S3). */
export function resizeToWidth(image: Buffer, width: number, format: VariantFormat = "webp"): Promise<Buffer> {
  return variantPipeline(image, width, format).toBuffer();
}

/**
 * One recipe for every variant: never enlarged, no metadata, WebP or AVIF. AVIF encodes slowly, so
 * its effort is low (2 of 9): a little larger files for a fraction of the CPU time.
 */
function variantPipeline(input: string | Buffer, width: number, format: VariantFormat) {
  const resized = sharp(input).rotate().resize({ width, withoutEnlargement: true });
  return format === "avif"
    ? resized.avif({ quality: 50, effort: 2 })
    : resized.webp({ quality: 74, effort: 4 });
}

async function isFile(file: string) {
  return stat(file).then(
    (s) => s.isFile(),
    () => false,
  );
}
