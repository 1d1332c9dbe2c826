/** One five-pointed star in a 24-unit box (filled with the current text colour). */
const STAR = "M12 2.5l2.94 5.96 6.56.95-4.75 4.63 1.12 6.54L12 17.5l-5.87 3.08 1.12-6.54L2.5 9.41l6.56-.95z";

/**
 * Five stars, the first `rating` filled (rounded to the nearest whole star), read as "Rated 4 out of 5".
 * Drawn, not an icon import: this component is shared by the home and product pages, so it lands in
 * the storefront chunk every page loads (decision 015's budget). Nor the ★ character: most text
 * fonts lack it, and the browser's hunt for a font that has it made the home page's first layout
 * several times slower (docs/performance.md, Lighthouse).
 */
export function StarRating({ rating, label }: { rating: number; label?: string }) {
  const filled = Math.round(rating);
  return (
    <p role="img" aria-label={label ?? `Rated ${rating} out of 5`} className="flex gap-0.5">
      {[1, 2, 3, 4, 5].map((n) => (
        <svg
          key={n}
          aria-hidden="true"
          viewBox="0 0 24 24"
          className={`size-4 fill-current ${n <= filled ? "text-primary" : "text-muted-foreground/40"}`}
        >
          <path d={STAR} />
        </svg>
      ))}
    </p>
  );
}
