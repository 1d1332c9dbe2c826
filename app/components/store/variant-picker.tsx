import { pickerLegend, pricesDiffer } from "~/lib/store/product-variants.ts";
import type { ProductOption, ProductVariant } from "~core/catalog/catalog.ts";
import { formatMoney } from "~core/pricing/money.ts";

type VariantPickerProps = {
  options: ProductOption[];
  variants: ProductVariant[];
  chosenId: string;
  onChoose: (variantId: string) => void;
};

/**
 * One native radio per variant (only combinations that are sold exist), named variantId: it sits
 * inside the add-to-cart form, so the choice is posted with or without JavaScript, and the arrow
 * keys move through it like any radio group. A sold-out variant can be chosen to see it; the form
 * then offers no Add to Cart.
 */
export function VariantPicker({ options, variants, chosenId, onChoose }: VariantPickerProps) {
  const withPrice = pricesDiffer(variants);
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium">{pickerLegend(options)}</legend>
      <div className="flex flex-wrap gap-2">
        {variants.map((variant) => (
          <label
            key={variant.id}
            className="flex cursor-pointer items-center gap-2 rounded-md border border-input px-3 py-2 text-sm transition-colors hover:border-primary/60 has-checked:border-primary has-checked:bg-primary/10 has-focus-visible:ring-2 has-focus-visible:ring-ring"
          >
            <input
              type="radio"
              name="variantId"
              value={variant.id}
              checked={variant.id === chosenId}
              onChange={() => onChoose(variant.id)}
              className="size-4 accent-primary"
            />
            {/* One inline run, so the radio's name reads "50g — $59.99 — sold out". */}
            <span>
              <span className="font-medium">{variant.title}</span>
              {withPrice && (
                <span className="text-muted-foreground tabular-nums">
                  {" "}
                  — {formatMoney(variant.priceCents)}
                </span>
              )}
              {variant.soldOut && <span className="text-destructive-text"> — sold out</span>}
              {!variant.soldOut && variant.stockLeft ? (
                <span className="text-destructive-text"> — Only {variant.stockLeft} left</span>
              ) : null}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
