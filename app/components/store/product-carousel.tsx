import { ChevronLeft, ChevronRight } from "lucide-react";
import { useRef, useState } from "react";
import { Button } from "~/components/ui/button.tsx";
import { cn } from "~/lib/cn.ts";
import { ProductImage } from "./product-image.tsx";

/**
 * The product page gallery: one large image, previous/next, thumbnails. Arrow keys move through
 * it when it has focus, and a horizontal swipe on touch screens does too.
 */
export function ProductCarousel({ images, name }: { images: string[]; name: string }) {
  const slides = images.length > 0 ? images : [null];
  const [index, setIndex] = useState(0);
  const touchStartX = useRef<number | null>(null);
  const count = slides.length;
  const go = (next: number) => setIndex((next + count) % count);

  return (
    <section aria-roledescription="carousel" aria-label={`${name} images`} className="flex flex-col gap-3">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: focusable so arrow keys (and swipes) move through the images; the buttons offer the same */}
      <div
        tabIndex={count > 1 ? 0 : undefined}
        className="relative overflow-hidden rounded-lg border bg-card"
        onKeyDown={(event) => {
          if (event.key === "ArrowRight") go(index + 1);
          else if (event.key === "ArrowLeft") go(index - 1);
          else return;
          event.preventDefault();
        }}
        onTouchStart={(event) => {
          touchStartX.current = event.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={(event) => {
          const start = touchStartX.current;
          const end = event.changedTouches[0]?.clientX;
          touchStartX.current = null;
          if (start === null || end === undefined || Math.abs(end - start) < 40) return;
          go(end < start ? index + 1 : index - 1);
        }}
      >
        <div aria-live="polite" aria-atomic>
          <ProductImage
            key={slides[index] ?? "none"}
            src={slides[index]}
            alt={count > 1 ? `${name}, image ${index + 1} of ${count}` : name}
            width={800}
            height={800}
            priority={index === 0}
            className="aspect-square w-full"
          />
        </div>
        {count > 1 && (
          <>
            <Button
              variant="ghost"
              size="icon"
              aria-label="Previous image"
              onClick={() => go(index - 1)}
              className="absolute top-1/2 left-2 -translate-y-1/2 rounded-full bg-background/80 hover:bg-background"
            >
              <ChevronLeft aria-hidden />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label="Next image"
              onClick={() => go(index + 1)}
              className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full bg-background/80 hover:bg-background"
            >
              <ChevronRight aria-hidden />
            </Button>
          </>
        )}
      </div>
      {count > 1 && (
        <ul className="grid grid-cols-4 gap-2 sm:grid-cols-5">
          {slides.map((src, i) => (
            <li key={src ?? i}>
              <button
                type="button"
                aria-label={`Show image ${i + 1} of ${count}`}
                aria-current={i === index ? "true" : undefined}
                onClick={() => setIndex(i)}
                className={cn(
                  "block w-full overflow-hidden rounded-md border-2 transition-colors",
                  i === index ? "border-primary" : "border-transparent hover:border-primary/50",
                )}
              >
                <ProductImage src={src} alt="" width={160} height={160} className="aspect-square w-full" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
