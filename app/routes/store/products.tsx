import { data, Link, useNavigate } from "react-router";
import { ListSelect } from "~/components/store/list-select.tsx";
import { ProductGrid } from "~/components/store/product-grid.tsx";
import { Button } from "~/components/ui/button.tsx";
import { fieldClass } from "~/components/ui/input.tsx";
import { Pagination } from "~/components/ui/pagination.tsx";
import { keepSharedData } from "~/hooks/use-personal-part.ts";
import { absoluteUrl, pageTitle, publicUrlFrom, seoMeta } from "~/lib/store/seo.ts";
import { brand } from "~core/brand.ts";
import {
  PRODUCT_SORTS,
  type ProductListParams,
  type ProductSort,
  productsHref,
} from "~core/catalog/product-list.ts";
import {
  type CollectionLink,
  listProductTags,
  listPublishedCollections,
} from "~server/catalog/collections.ts";
import { productPage, readProductListQuery } from "~server/catalog/product-list.ts";
import { listOrEmpty } from "~server/content/list-or-empty.ts";
import type { Route } from "./+types/products";

type FilterChoices = { collections: CollectionLink[]; tags: string[] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.database;
  const query = readProductListQuery(new URL(request.url).searchParams);
  const empty = { products: [], page: 1, pageCount: 1, total: 0 };
  const [result, collections, tags] = await Promise.all([
    listOrEmpty(context.log, "products", productPage(db, query), empty),
    listOrEmpty(context.log, "collections", listPublishedCollections(db), []),
    listOrEmpty(context.log, "product tags", listProductTags(db), []),
  ]);
  // A page past the end does not exist (docs/decisions/013): the not-found page, never an empty grid.
  if (query.page > result.pageCount) throw data(null, { status: 404 });
  const choices: FilterChoices = { collections: collections.map(({ name, slug }) => ({ name, slug })), tags };
  return { ...result, query, choices };
}

const unfiltered = { sort: "name", q: "", collection: "", tag: "" } as const;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const publicUrl = publicUrlFrom(matches);
  const query = loaderData?.query;
  const page = loaderData?.page ?? 1;
  // Sorted, searched and filtered lists show the same products: the canonical URL is the page by name.
  const canonical = { ...unfiltered, page };
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
        noindex: Boolean(query?.q || query?.collection || query?.tag),
      },
      publicUrl,
    ),
    ...(page > 1 ? [link("prev", page - 1)] : []),
    ...(loaderData && page < loaderData.pageCount ? [link("next", page + 1)] : []),
  ];
}

// The same for every visitor: kept when a browser loads its own part (use-personal-part.ts).
export const shouldRevalidate = keepSharedData;

export default function Products({ loaderData }: Route.ComponentProps) {
  const { products, page, pageCount, total, query, choices } = loaderData;
  const filtered = Boolean(query.q || query.collection || query.tag);
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
      <CollectionLinks collections={choices.collections} />
      <ProductListControls query={query} total={total} choices={choices} />
      {filtered && total === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-lg border bg-card px-6 py-12 text-center">
          <p className="text-muted-foreground">
            {query.q && !query.collection && !query.tag
              ? `No products match “${query.q}”.`
              : "No products match these filters."}
          </p>
          <Link to="/products" className="text-primary underline underline-offset-4">
            Show all products
          </Link>
        </div>
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

/** The storefront's way into the collection pages: a row of links above the list. */
function CollectionLinks({ collections }: { collections: CollectionLink[] }) {
  if (collections.length === 0) return null;
  return (
    <nav aria-label="Collections" className="mb-6 flex flex-wrap items-center gap-2 text-sm">
      <span className="font-medium">Collections:</span>
      {collections.map((c) => (
        <Link
          key={c.slug}
          to={`/collections/${encodeURIComponent(c.slug)}`}
          className="rounded-full border px-3 py-1 hover:bg-muted"
        >
          {c.name}
        </Link>
      ))}
    </nav>
  );
}

/** What the list shows, in words: "3 products matching “x” in Resin tagged “bestseller”". */
function describeList(query: ProductListParams, total: number, choices: FilterChoices) {
  const collection = choices.collections.find((c) => c.slug === query.collection)?.name ?? query.collection;
  return [
    total === 1 ? "1 product" : `${total.toLocaleString("en-US")} products`,
    query.q && `matching “${query.q}”`,
    query.collection && `in ${collection}`,
    query.tag && `tagged “${query.tag}”`,
  ]
    .filter(Boolean)
    .join(" ");
}

/**
 * The /products search box, filters and sort menu: a GET form, so it works without JavaScript and
 * every result has its own URL (a new search, filter or sort starts at page 1). With JavaScript a
 * new sort or filter applies at once and the URL leaves out the defaults (productsHref).
 */
function ProductListControls({
  query,
  total,
  choices,
}: {
  query: ProductListParams;
  total: number;
  choices: FilterChoices;
}) {
  const navigate = useNavigate();
  const apply = (form: HTMLFormElement) => {
    const fields = new FormData(form);
    const text = (name: string) => String(fields.get(name) ?? "").trim();
    const sort = text("sort") as ProductSort;
    navigate(productsHref({ q: text("q"), collection: text("collection"), tag: text("tag"), sort, page: 1 }));
  };
  // A value typed into the address that is not a choice is still shown (it matches nothing).
  const withCurrent = (values: { value: string; label: string }[], current: string) =>
    current && !values.some((v) => v.value === current)
      ? [...values, { value: current, label: current }]
      : values;
  const collectionChoices = withCurrent(
    [{ value: "", label: "All" }, ...choices.collections.map((c) => ({ value: c.slug, label: c.name }))],
    query.collection,
  );
  const tagChoices = withCurrent(
    [{ value: "", label: "All" }, ...choices.tags.map((t) => ({ value: t, label: t }))],
    query.tag,
  );
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
        key={[query.q, query.sort, query.collection, query.tag].join("\u0000")}
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
        <ListSelect
          id="product-collection"
          name="collection"
          label="Collection"
          value={query.collection}
          choices={collectionChoices}
          onPick={apply}
        />
        <ListSelect
          id="product-tag"
          name="tag"
          label="Tag"
          value={query.tag}
          choices={tagChoices}
          onPick={apply}
        />
        <ListSelect
          id="product-sort"
          name="sort"
          label="Sort by"
          value={query.sort}
          choices={PRODUCT_SORTS}
          onPick={apply}
        />
        <Button type="submit">Search</Button>
        <p className="w-full text-sm text-muted-foreground" aria-live="polite">
          {describeList(query, total, choices)}
        </p>
      </form>
    </search>
  );
}
