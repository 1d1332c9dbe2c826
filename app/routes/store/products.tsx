import { Link } from "react-router";
import { ProductGrid } from "~/components/store/product-grid.tsx";
import { brand } from "~/lib/brand.ts";
import { pageTitle, publicUrlFrom, seoMeta } from "~/lib/seo.ts";
import { listProducts } from "~server/catalog/products.ts";
import { listOrEmpty } from "~server/content/list-or-empty.ts";
import type { Route } from "./+types/products";

export async function loader({ context }: Route.LoaderArgs) {
  return { products: await listOrEmpty(context.log, "products", listProducts(context.database.db), []) };
}

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta(
    {
      title: pageTitle("Products"),
      description:
        "Pure Himalayan shilajit resin and drops in 30g and 30ml sizes, lab tested and batch verified.",
      path: "/products",
    },
    publicUrlFrom(matches),
  );
}

export default function Products({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <header className="mb-10 max-w-3xl">
        <h1 className="font-display text-4xl font-semibold text-primary sm:text-5xl">Our Products</h1>
        <p className="mt-4 text-muted-foreground">
          Every jar of {brand.name} is harvested by hand above 16,000 feet in the Himalayas, purified with
          spring water and sun-dried, then tested by an independent lab. Take 300–500mg a day dissolved in
          warm water or tea. Each jar carries a unique batch number that you can check on our{" "}
          <Link to="/validity" className="text-primary underline underline-offset-4">
            validity page
          </Link>
          .
        </p>
      </header>
      <ProductGrid products={loaderData.products} />
    </div>
  );
}
