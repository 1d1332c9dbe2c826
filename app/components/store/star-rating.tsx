import { Star } from "lucide-react";
import { cn } from "~/lib/cn.ts";

/** Five stars, the first `rating` filled (rounded to the nearest whole star), read as "Rated 4 out of 5". */
export function StarRating({ rating, label }: { rating: number; label?: string }) {
  const filled = Math.round(rating);
  return (
    <p role="img" aria-label={label ?? `Rated ${rating} out of 5`} className="flex gap-0.5">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden
          className={cn("size-4", n <= filled ? "fill-primary text-primary" : "text-muted-foreground/60")}
        />
      ))}
    </p>
  );
}
