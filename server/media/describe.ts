import {
  DEFAULT_PRODUCT_IMAGE,
  type ImageInfo,
  isUploadUrl,
  PLACEHOLDER_IMAGE,
} from "../../core/catalog/images.ts";
import { sharp } from "./sharp.ts";
import { resolveInside } from "./variants.ts";

export type FallbackKind = "placeholder" | "product";

const fallbacks = { placeholder: PLACEHOLDER_IMAGE, product: DEFAULT_PRODUCT_IMAGE } as const;

// Uploads get random names and are never rewritten, so an intrinsic size never goes stale.
const sizes = new Map<string, { width: number; height: number } | null>();

/**
 * Everything a page needs to render `url` without layout shift: the intrinsic size (read with sharp
 * once per file), whether the image route can resize it, and the fallback. A missing or unreadable
 * upload, or no url at all, gives the fallback image straight away.
 */
export async function describeImage(
  uploadsDir: string,
  url: string | null | undefined,
  kind: FallbackKind = "placeholder",
): Promise<ImageInfo> {
  const fallback = fallbacks[kind];
  const asFallback: ImageInfo = { ...fallback, responsive: false, fallback: fallback.src };
  if (!url) return asFallback;
  if (/^https?:\/\//i.test(url)) {
    // External images: rendered as they are, in the box of the fallback's proportions.
    return {
      src: url,
      width: fallback.width,
      height: fallback.height,
      responsive: false,
      fallback: fallback.src,
    };
  }
  if (!isUploadUrl(url)) return asFallback;
  const size = await uploadSize(uploadsDir, url);
  if (!size) return asFallback;
  return { src: url, ...size, responsive: true, fallback: fallback.src };
}

async function uploadSize(uploadsDir: string, url: string) {
  let relative: string;
  try {
    relative = decodeURIComponent(url.slice("/uploads/".length).split(/[?#]/)[0]!);
  } catch {
    return null;
  }
  const file = resolveInside(uploadsDir, relative);
  if (!file) return null;
  if (sizes.has(file)) return sizes.get(file)!;
  const size = await sharp(file)
    .metadata()
    .then(
      // EXIF orientations 5–8 are rotated a quarter turn when displayed (and when resized).
      (m) =>
        m.width && m.height
          ? (m.orientation ?? 1) >= 5
            ? { width: m.height, height: m.width }
            : { width: m.width, height: m.height }
          : null,
      () => null,
    );
  // Only successes are remembered: a file uploaded later under this name must still be found.
  if (size) sizes.set(file, size);
  return size;
}
