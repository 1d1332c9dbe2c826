import { data, Link, useNavigate } from "react-router";
import { ProductGrid } from "~/components/store/product-grid.tsx";
import { Button } from "~/components/ui/button.tsx";
import { fieldClass } from "~/components/ui/input.tsx";
import { Pagination } from "~/components/ui/pagination.tsx";
import { absoluteUrl, pageTitle, publicUrlFrom, seoMeta } from "~/lib/seo.ts";
import { brand } from "~core/brand.ts";
import { PRODUCT_SORTS, type ProductListParams, type ProductSort, productsHref } from "~core/product-list.ts";
import { productPage, readProductListQuery } from "~server/catalog/product-list.ts";
import { listOrEmpty } from "~server/content/list-or-empty.ts";
import type { Route } from "./+types/products";

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = readProductListQuery(new URL(request.url).searchParams);
  const empty = { products: [], page: 1, pageCount: 1, total: 0 };
  const result = await listOrEmpty(context.log, "products", productPage(context.database.db, query), empty);
  // A page past the end does not exist (docs/decisions/013): the not-found page, never an empty grid.
  if (query.page > result.pageCount) throw data(null, { status: 404 });
  return { ...result, query };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const publicUrl = publicUrlFrom(matches);
  const query = loaderData?.query;
  const page = loaderData?.page ?? 1;
  // Sorted and searched lists show the same products: the canonical URL is the page by name.
  const canonical = { sort: "name", page, q: "" } as const;
  const link = (rel: string, target: number) => ({
    tagName: "link",
    rel,
    href: absoluteUrl(publicUrl, productsHref({ ...(query ?? canonical), page: target })),
  });
  return [
    ...seoMeta(
      {
        title: pageTitle(page > 1 ? `Products, page ${page}` : "Products"),
        description:
          "Pure Himalayan shilajit resin and drops in 30g and 30ml sizes, lab tested and batch verified.",
        path: productsHref(canonical),
        noindex: Boolean(query?.q),
      },
      publicUrl,
    ),
    ...(page > 1 ? [link("prev", page - 1)] : []),
    ...(loaderData && page < loaderData.pageCount ? [link("next", page + 1)] : []),
  ];
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const { products, page, pageCount, total, query } = loaderData;
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
      <ProductListControls query={query} total={total} />
      {query.q && total === 0 ? (
        <p className="rounded-lg border bg-card px-6 py-12 text-center text-muted-foreground">
          No products match “{query.q}”.
        </p>
      ) : (
        <ProductGrid products={products} />
      )}
      <Pagination
        className="mt-10"
        page={page}
        totalPages={pageCount}
        getHref={(target) => productsHref({ ...query, page: target })}
      />
    </div>
  );
}

/**
 * The /products search box and sort menu: a GET form, so it works without JavaScript and every
 * result has its own URL (a new search or sort starts at page 1). With JavaScript a new sort
 * applies at once and the URL leaves out the defaults (productsHref).
 */
function ProductListControls({ query, total }: { query: ProductListParams; total: number }) {
  const navigate = useNavigate();
  const apply = (form: HTMLFormElement) => {
    const fields = new FormData(form);
    const sort = String(fields.get("sort")) as ProductSort;
    navigate(productsHref({ q: String(fields.get("q") ?? "").trim(), sort, page: 1 }));
  };
  return (
    <search aria-label="Products">
      <form
        method="get"
        onSubmit={(e) => {
          e.preventDefault();
          apply(e.currentTarget);
        }}
        action="/products"
        // Re-mounted per query, so the fields show the list on screen after back/forward.
        key={`${query.q}\u0000${query.sort}`}
        className="mb-8 flex flex-wrap items-end gap-3"
      >
        <div className="flex min-w-56 flex-1 flex-col gap-1.5">
          <label htmlFor="product-search" className="text-sm font-medium">
            Search products
          </label>
          <input
            id="product-search"
            name="q"
            type="search"
            maxLength={100}
            defaultValue={query.q}
            className={`${fieldClass} h-10`}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="product-sort" className="text-sm font-medium">
            Sort by
          </label>
          <select
            id="product-sort"
            name="sort"
            defaultValue={query.sort}
            className={`${fieldClass} h-10`}
            onChange={(e) => e.currentTarget.form && apply(e.currentTarget.form)}
          >
            {PRODUCT_SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit">Search</Button>
        <p className="w-full text-sm text-muted-foreground" aria-live="polite">
          {total === 1 ? "1 product" : `${total.toLocaleString("en-US")} products`}
          {query.q ? ` matching “${query.q}”` : ""}
        </p>
      </form>
    </search>
  );
}
