/** The back office product list's sorts, in menu order; the first is the default (the form and the query share it). */
export const ADMIN_PRODUCT_SORTS = [
  { value: "newest", label: "Newest first" },
  { value: "name", label: "Name A–Z" },
  { value: "price-asc", label: "Price: low to high" },
  { value: "price-desc", label: "Price: high to low" },
] as const;
