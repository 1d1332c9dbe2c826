import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import type { ProductSummary } from "~core/catalog/catalog.ts";
import { ProductGrid } from "../product-grid.tsx";
import { Section } from "./section.tsx";

/** The shop's products right under the hero. */
export function ProductsSection({ products }: { products: ProductSummary[] }) {
  return (
    <Section
      eyebrow="The collection"
      title="Shilajit Products"
      intro="Pure resin and drops, lab tested, batch verified."
    >
      {/* Lazy images: high-priority ones would take bandwidth from the hero, the first paint. */}
      <ProductGrid products={products} headingLevel={3} aboveTheFold={false} />
      <div className="mt-10 text-center">
        <Link to="/products" className={buttonClass({ variant: "outline" })}>
          View All Products
        </Link>
      </div>
    </Section>
  );
}
