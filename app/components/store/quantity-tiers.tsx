import { Tag } from "lucide-react";
import { type QuantityTier, tierLabel } from "~core/pricing/quantity-tiers.ts";

/** A product's volume pricing ("Buy 3, save 10%"), shown above Add to cart; nothing without tiers. */
export function QuantityTiers({ tiers }: { tiers: QuantityTier[] }) {
  if (tiers.length === 0) return null;
  return (
    <section aria-labelledby="quantity-tiers-title" className="flex flex-col gap-2">
      <h2 id="quantity-tiers-title" className="text-sm font-semibold">
        Multi-pack savings
      </h2>
      <ul className="flex flex-wrap gap-2">
        {tiers.map((tier) => (
          <li
            key={tier.minQuantity}
            className="flex items-center gap-1.5 rounded-full border border-primary/40 bg-primary/5 px-3 py-1 text-sm"
          >
            <Tag className="size-3.5 text-primary" aria-hidden />
            {tierLabel(tier)}
          </li>
        ))}
      </ul>
      <p className="text-xs text-muted-foreground">
        Every variant of this product counts towards the quantity.
      </p>
    </section>
  );
}
