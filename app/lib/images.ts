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

export function isUploadUrl(src: string) {
  return src.startsWith(UPLOAD_PREFIX) && !src.includes("..");
}

/** `/uploads/a/b.webp` at 640 px → `/images/640/a/b.webp`. */
export function variantUrl(src: string, width: number) {
  return `/images/${width}/${src.slice(UPLOAD_PREFIX.length)}`;
}

/** `srcset` entries: every generated width below the intrinsic one, plus the original file. */
export function srcSetFor(image: Pick<ImageInfo, "src" | "width">) {
  const smaller = IMAGE_WIDTHS.filter((w) => w < image.width);
  return [...smaller.map((w) => `${variantUrl(image.src, w)} ${w}w`), `${image.src} ${image.width}w`].join(
    ", ",
  );
}
