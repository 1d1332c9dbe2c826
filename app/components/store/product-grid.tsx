import type { ProductSummary } from "~core/catalog/catalog.ts";
import { ProductCard } from "./product-card.tsx";

/** The product grid of /products and the home page; says so when there is nothing to show. */
export function ProductGrid({
  products,
  headingLevel,
  aboveTheFold = true,
}: {
  products: ProductSummary[];
  headingLevel?: 2 | 3;
  /** Whether the grid starts in the first screen; under the home hero it does not. */
  aboveTheFold?: boolean;
}) {
  if (products.length === 0) {
    return (
      <p className="rounded-lg border bg-card px-6 py-12 text-center text-muted-foreground">
        No products available at the moment.
      </p>
    );
  }
  return (
    <ul className="grid grid-cols-1 gap-6 min-[480px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {products.map((product, index) => (
        <li key={product.id}>
          {/* The first row is above the fold on most screens (when the grid is). */}
          <ProductCard product={product} priority={aboveTheFold && index < 2} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
