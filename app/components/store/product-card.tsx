import { Link } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { type ProductSummary, productPath } from "~core/catalog/catalog.ts";
import { formatMoney } from "~core/pricing/money.ts";
import { AddToCartForm } from "./add-to-cart-form.tsx";
import { ProductImage } from "./product-image.tsx";

/** One product in a grid: image and name link to the product page; Add to Cart adds one. */
export type ProductCardProps = {
  product: ProductSummary;
  priority?: boolean;
  /** The card's name is a level-2 heading on /products, level 3 inside a home page section. */
  headingLevel?: 2 | 3;
};

export function ProductCard({ product, priority = false, headingLevel = 2 }: ProductCardProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const href = productPath(product.slug);
  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-lg border bg-card shadow-sm transition-colors hover:border-primary/60">
      <Link to={href} className="relative block aspect-square overflow-hidden" tabIndex={-1} aria-hidden>
        <ProductImage
          src={product.images[0]}
          alt=""
          width={600}
          height={600}
          priority={priority}
          className="size-full transition-transform duration-300 group-hover:scale-105"
        />
        {product.soldOut && (
          <Badge variant="destructive" className="absolute top-3 left-3 bg-background/90">
            SOLD OUT
          </Badge>
        )}
      </Link>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <Heading className="font-display text-xl leading-snug font-semibold">
          <Link to={href} className="rounded-sm hover:text-primary">
            {product.name}
          </Link>
        </Heading>
        <div className="flex items-center justify-between gap-2">
          <span className="text-lg font-semibold text-primary tabular-nums">
            {/* Variants at several prices: the lowest, as "From $X". */}
            {product.priceMaxCents > product.priceCents && "From "}
            {formatMoney(product.priceCents)}
          </span>
          <Badge variant="muted">
            <span className="sr-only">Weight: </span>
            {product.weightType}
          </Badge>
        </div>
        <AddToCartForm product={product} className="mt-auto" />
      </div>
    </article>
  );
}
