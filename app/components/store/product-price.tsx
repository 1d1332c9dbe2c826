import { formatMoney } from "~core/pricing/money.ts";

/**
 * The product page's price; with a compare-at price above it, that one is struck through. The
 * strike-through is not read aloud, so both carry words for screen readers.
 */
export function ProductPrice({
  priceCents,
  compareAtCents,
}: {
  priceCents: number;
  compareAtCents: number | null;
}) {
  if (compareAtCents === null) {
    return <p className="text-3xl font-semibold text-primary tabular-nums">{formatMoney(priceCents)}</p>;
  }
  return (
    <p className="flex flex-wrap items-baseline gap-3 tabular-nums">
      <span className="text-3xl font-semibold text-primary">
        <span className="sr-only">Sale price </span>
        {formatMoney(priceCents)}
      </span>
      <s className="text-lg text-muted-foreground">
        <span className="sr-only">Regular price </span>
        {formatMoney(compareAtCents)}
      </s>
    </p>
  );
}
