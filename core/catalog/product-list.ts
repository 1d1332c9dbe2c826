// Only /products and /collections/{slug} use these: kept out of catalog.ts, which every storefront page loads.
/** The /products sorts, in the order the sort menu lists them; the first is the default. */
export const PRODUCT_SORTS = [
  { value: "name", label: "Name" },
  { value: "newest", label: "Newest" },
  { value: "price-asc", label: "Price: low to high" },
  { value: "price-desc", label: "Price: high to low" },
] as const;

/** A collection's page also offers the collection's own order (set in the back office), by default. */
export const COLLECTION_SORTS = [{ value: "featured", label: "Featured" }, ...PRODUCT_SORTS] as const;

export type ProductSort = (typeof COLLECTION_SORTS)[number]["value"];

/** A product list: `collection` (a slug) and `tag` narrow it; "" is no filter. */
export type ProductListParams = {
  sort: ProductSort;
  page: number;
  q: string;
  collection: string;
  tag: string;
};

/** A /products URL; defaults are left out, so page 1 by name is plain /products. */
export function productsHref({ sort, page, q, collection, tag }: ProductListParams) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (collection) params.set("collection", collection);
  if (tag) params.set("tag", tag);
  return withListParams("/products", params, { sort, page }, PRODUCT_SORTS[0].value);
}

/** A /collections/{slug} URL; page 1 in the collection's order is the plain address. */
export function collectionHref(slug: string, { sort, page }: { sort: ProductSort; page: number }) {
  const path = `/collections/${encodeURIComponent(slug)}`;
  return withListParams(path, new URLSearchParams(), { sort, page }, COLLECTION_SORTS[0].value);
}

function withListParams(
  path: string,
  params: URLSearchParams,
  { sort, page }: { sort: ProductSort; page: number },
  defaultSort: ProductSort,
) {
  if (sort !== defaultSort) params.set("sort", sort);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
