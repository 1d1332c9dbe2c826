/** Responsive image rules shared by the image route (server) and <ResponsiveImage> (client). */

/** Widths the image route generates; any other width is refused (no cache flooding). */
export const IMAGE_WIDTHS = [320, 640, 960, 1280] as const;

export const PLACEHOLDER_IMAGE = { src: "/placeholder.svg", width: 800, height: 800 } as const;
export const DEFAULT_PRODUCT_IMAGE = { src: "/default-product.svg", width: 800, height: 800 } as const;

/**
 * What a page needs to render an image without layout shift. `responsive` is true for files under
 * /uploads, which the image route can resize; other sources are rendered as they are.
 */
export type ImageInfo = {
  src: string;
  width: number;
  height: number;
  responsive: boolean;
  /** Shown instead when the image fails to load in the browser. */
  fallback: string;
};

const UPLOAD_PREFIX = "/uploads/";

/**
 * Where an upload lives: this server ("" base, `/uploads/…`) or the S3 bucket's public URL
 * (`mediaUrl`, see the root loader), both with the variants at `<base>/images/<width>/…`.
 */
function uploadParts(src: string, mediaUrl?: string | null) {
  if (src.includes("..")) return null;
  for (const base of mediaUrl ? ["", mediaUrl] : [""]) {
    if (src.startsWith(base + UPLOAD_PREFIX))
      return { base, name: src.slice(base.length + UPLOAD_PREFIX.length) };
  }
  return null;
}

/** An uploaded image, on this server or in the S3 bucket at `mediaUrl`: its variants exist. */
export function isUploadUrl(src: string, mediaUrl?: string | null) {
  return uploadParts(src, mediaUrl) !== null;
}

/** `/uploads/a/b.webp` at 640 px → `/images/640/a/b.webp` (the same below an S3 `mediaUrl`). */
export function variantUrl(src: string, width: number, mediaUrl?: string | null) {
  const parts = uploadParts(src, mediaUrl) ?? { base: "", name: src.slice(UPLOAD_PREFIX.length) };
  return `${parts.base}/images/${width}/${parts.name}`;
}

/** `srcset` entries: every generated width below the intrinsic one, plus the original file. */
export function srcSetFor(image: Pick<ImageInfo, "src" | "width">) {
  const smaller = IMAGE_WIDTHS.filter((w) => w < image.width);
  return [...smaller.map((w) => `${variantUrl(image.src, w)} ${w}w`), `${image.src} ${image.width}w`].join(
    ", ",
  );
}
