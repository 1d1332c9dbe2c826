// Only /products uses these: kept out of catalog.ts, which every storefront page loads.
/** The /products sorts, in the order the sort menu lists them; the first is the default. */
export const PRODUCT_SORTS = [
  { value: "name", label: "Name" },
  { value: "newest", label: "Newest" },
  { value: "price-asc", label: "Price: low to high" },
  { value: "price-desc", label: "Price: high to low" },
] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number]["value"];

export type ProductListParams = { sort: ProductSort; page: number; q: string };

/** A /products URL; defaults are left out, so page 1 by name is plain /products. */
export function productsHref({ sort, page, q }: ProductListParams) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (sort !== PRODUCT_SORTS[0].value) params.set("sort", sort);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `/products?${search}` : "/products";
}
