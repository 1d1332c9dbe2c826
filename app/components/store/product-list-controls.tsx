import { useNavigate } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { fieldClass } from "~/components/ui/input.tsx";
import { PRODUCT_SORTS, type ProductListParams, type ProductSort, productsHref } from "~/lib/catalog.ts";

/**
 * The /products search box and sort menu: a GET form, so it works without JavaScript and every
 * result has its own URL (a new search or sort starts at page 1). With JavaScript a new sort
 * applies at once and the URL leaves out the defaults (productsHref).
 */
export function ProductListControls({ query, total }: { query: ProductListParams; total: number }) {
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
