/**
 * Five stars, the first `rating` filled (rounded to the nearest whole star), read as "Rated 4 out of 5".
 * Text stars, not an icon: this component is shared by the home and product pages, so it lands in the
 * storefront chunk every page loads (decision 015's budget).
 */
export function StarRating({ rating, label }: { rating: number; label?: string }) {
  const filled = Math.round(rating);
  return (
    <p
      role="img"
      aria-label={label ?? `Rated ${rating} out of 5`}
      className="flex gap-0.5 text-base leading-none"
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} aria-hidden className={n <= filled ? "text-primary" : "text-muted-foreground/40"}>
          ★
        </span>
      ))}
    </p>
  );
}
