import { useEffect, useRef, useState } from "react";
import { avifSrcSetFor, type ImageInfo, srcSetFor } from "~core/catalog/images.ts";

export type ResponsiveImageProps = Omit<
  React.ComponentProps<"img">,
  "src" | "srcSet" | "width" | "height" | "loading" | "alt"
> & {
  image: ImageInfo;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn at each breakpoint. */
  sizes: string;
  /** The main image above the fold: loaded eagerly with high priority. Everything else is lazy. */
  priority?: boolean;
};

/**
 * An <img> in a <picture> with AVIF variants (for browsers that support them) and WebP ones, its intrinsic width and height (no layout shift), lazy
 * loading unless it is the main image, and the fallback image when loading fails.
 */
export function ResponsiveImage({ image, alt, sizes, priority = false, ...props }: ResponsiveImageProps) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);

  // An image that failed before hydration fired its error event before React listened for it.
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  }, []);

  const broken = failed && image.src !== image.fallback;
  const responsive = !broken && image.responsive;
  return (
    <picture className="contents">
      {responsive && <source type="image/avif" srcSet={avifSrcSetFor(image)} sizes={sizes} />}
      <img
        ref={ref}
        src={broken ? image.fallback : image.src}
        srcSet={!broken && image.responsive ? srcSetFor(image) : undefined}
        sizes={!broken && image.responsive ? sizes : undefined}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : undefined}
        decoding={priority ? "sync" : "async"}
        onError={() => setFailed(true)}
        {...props}
      />
    </picture>
  );
}
