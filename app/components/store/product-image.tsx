import { useEffect, useRef, useState } from "react";
import { defaultProductImage } from "~/lib/catalog.ts";
import { cn } from "~/lib/cn.ts";

export type ProductImageProps = {
  src: string | null | undefined;
  alt: string;
  width: number;
  height: number;
  /** The main image above the fold: loaded eagerly and early. Everything else loads lazily. */
  priority?: boolean;
  className?: string;
};

/**
 * Every product image goes through here (responsive variants will be added inside this one
 * component later). Missing or broken images fall back to the default product image.
 */
export function ProductImage({ src, alt, width, height, priority = false, className }: ProductImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const ref = useRef<HTMLImageElement>(null);
  const wanted = src || defaultProductImage;
  const shown = failed === wanted ? defaultProductImage : wanted;

  // An image that failed before hydration fired its error event before React listened.
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0 && img.getAttribute("src") !== defaultProductImage) {
      setFailed(wanted);
    }
  }, [wanted]);

  return (
    <img
      ref={ref}
      src={shown}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      onError={() => {
        if (shown !== defaultProductImage) setFailed(wanted);
      }}
      className={cn("bg-muted object-cover", className)}
    />
  );
}
