import { mkdir, rename, stat } from "node:fs/promises";
import path from "node:path";
import { IMAGE_WIDTHS } from "../../core/images.ts";
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

/**
 * The WebP variant of an uploaded image at one of the allowed widths: generated with sharp on the
 * first request and kept under the cache folder, so later requests only read a file.
 * Null when the width is not allowed or the upload does not exist / is not a resizable image.
 */
export async function imageVariant(
  dirs: MediaDirs,
  relativePath: string,
  width: number,
): Promise<string | null> {
  if (!(IMAGE_WIDTHS as readonly number[]).includes(width)) return null;
  const source = resolveInside(dirs.uploadsDir, relativePath);
  if (!source || !RESIZABLE.has(path.extname(source).toLowerCase())) return null;
  const target = resolveInside(path.join(dirs.cacheDir, String(width)), `${relativePath}.webp`);
  if (!target) return null;
  if (await isFile(target)) return target;
  if (!(await isFile(source))) return null;

  let pending = inFlight.get(target);
  if (!pending) {
    pending = generate(source, target, width).finally(() => inFlight.delete(target));
    inFlight.set(target, pending);
  }
  return pending;
}

async function generate(source: string, target: string, width: number) {
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
  await variantPipeline(source, width).toFile(temporary);
  await rename(temporary, target);
  return target;
}

/** The variant of an image at `width` px as WebP bytes (for stores that keep variants, e.g. S3). */
export function resizeToWidth(image: Buffer, width: number): Promise<Buffer> {
  return variantPipeline(image, width).toBuffer();
}

/** One recipe for every variant: never enlarged, WebP, no metadata. */
function variantPipeline(input: string | Buffer, width: number) {
  return sharp(input).rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 74, effort: 4 });
}

async function isFile(file: string) {
  return stat(file).then(
    (s) => s.isFile(),
    () => false,
  );
}
