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

/**
 * The AVIF variant next to the WebP one: the WebP URL plus `.avif` (`/images/640/a/b.webp.avif`).
 * Browsers that support AVIF take these from a `<source type="image/avif">`; the rest keep WebP.
 */
export function avifVariantUrl(src: string, width: number, mediaUrl?: string | null) {
  return `${variantUrl(src, width, mediaUrl)}.avif`;
}

/** `srcset` entries: every generated width below the intrinsic one, plus the original file. */
export function srcSetFor(image: Pick<ImageInfo, "src" | "width">, mediaUrl?: string | null) {
  const smaller = IMAGE_WIDTHS.filter((w) => w < image.width);
  return [
    ...smaller.map((w) => `${variantUrl(image.src, w, mediaUrl)} ${w}w`),
    `${image.src} ${image.width}w`,
  ].join(", ");
}

/**
 * AVIF `srcset`: every generated width below the intrinsic one, and the next allowed width, which
 * the image route serves at the intrinsic size (it never enlarges). There is no AVIF original.
 */
export function avifSrcSetFor(image: Pick<ImageInfo, "src" | "width">, mediaUrl?: string | null) {
  const entries: string[] = [];
  for (const w of IMAGE_WIDTHS) {
    entries.push(`${avifVariantUrl(image.src, w, mediaUrl)} ${Math.min(w, image.width)}w`);
    if (w >= image.width) break;
  }
  return entries.join(", ");
}

/** Both `srcset`s of an upload drawn at any size (product images: the width is not known). */
export function allWidthsSrcSets(src: string, mediaUrl?: string | null) {
  return {
    avif: IMAGE_WIDTHS.map((w) => `${avifVariantUrl(src, w, mediaUrl)} ${w}w`).join(", "),
    webp: IMAGE_WIDTHS.map((w) => `${variantUrl(src, w, mediaUrl)} ${w}w`).join(", "),
  };
}
