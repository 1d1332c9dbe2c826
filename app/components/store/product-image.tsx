import { useEffect, useRef, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { cn } from "~/lib/cn.ts";
import type { loader as rootLoader } from "~/root.tsx";
import { DEFAULT_PRODUCT_IMAGE, IMAGE_WIDTHS, isUploadUrl, variantUrl } from "~core/images.ts";

const fallback = DEFAULT_PRODUCT_IMAGE.src;

export type ProductImageProps = {
  src: string | null | undefined;
  alt: string;
  /** The box the image is drawn in (sets the aspect ratio, so nothing shifts while loading). */
  width: number;
  height: number;
  /** The `sizes` attribute; by default the drawn width, or the full viewport on phones. */
  sizes?: string;
  /** The main image above the fold: loaded eagerly and early. Everything else loads lazily. */
  priority?: boolean;
  className?: string;
};

/**
 * Every product image goes through here: uploads get WebP variants in `srcset` (the image route
 * never enlarges, so every listed width is safe); missing or broken images fall back to the
 * default product image.
 */
export function ProductImage({
  src,
  alt,
  width,
  height,
  sizes,
  priority = false,
  className,
}: ProductImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const ref = useRef<HTMLImageElement>(null);
  const wanted = src || fallback;
  const shown = failed === wanted ? fallback : wanted;
  const mediaUrl = useRouteLoaderData<typeof rootLoader>("root")?.mediaUrl;
  const responsive = isUploadUrl(shown, mediaUrl);

  // An image that failed before hydration fired its error event before React listened.
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0 && img.getAttribute("src") !== fallback) setFailed(wanted);
  }, [wanted]);

  return (
    <img
      ref={ref}
      src={shown}
      srcSet={
        responsive ? IMAGE_WIDTHS.map((w) => `${variantUrl(shown, w, mediaUrl)} ${w}w`).join(", ") : undefined
      }
      sizes={responsive ? (sizes ?? `(max-width: 640px) 100vw, ${width}px`) : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      onError={() => {
        if (shown !== fallback) setFailed(wanted);
      }}
      className={cn("bg-muted object-cover", className)}
    />
  );
}
