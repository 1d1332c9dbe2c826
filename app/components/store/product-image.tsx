import { useEffect, useRef, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { cn } from "~/lib/cn.ts";
import type { loader as rootLoader } from "~/root.tsx";
import { allWidthsSrcSets, DEFAULT_PRODUCT_IMAGE, isUploadUrl } from "~core/catalog/images.ts";

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
 * Every product image goes through here: uploads get AVIF and WebP variants in a <picture> (the
 * image route never enlarges, so every listed width is safe); missing or broken images fall back
 * to the default product image (without sources, so the fallback is what is drawn).
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

  const sets = responsive ? allWidthsSrcSets(shown, mediaUrl) : null;
  const sizesAttr = responsive ? (sizes ?? `(max-width: 640px) 100vw, ${width}px`) : undefined;
  return (
    <picture className="contents">
      {sets && <source type="image/avif" srcSet={sets.avif} sizes={sizesAttr} />}
      <img
        ref={ref}
        src={shown}
        srcSet={sets?.webp}
        sizes={sizesAttr}
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
    </picture>
  );
}
