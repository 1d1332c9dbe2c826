import { ChevronLeft, ChevronRight, Search } from "lucide-react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { fieldClass, Input } from "~/components/ui/input.tsx";
import { Label } from "~/components/ui/label.tsx";

export type ListControls = {
  q: string;
  status?: string | undefined;
  collection?: string | undefined;
  stock?: string | undefined;
  sort: string;
};
type Choice = { value: string; label: string };

const STATUS_CHOICES: Choice[] = [
  { value: "draft", label: "Draft" },
  { value: "active", label: "Active" },
  { value: "archived", label: "Archived" },
];
const STOCK_CHOICES: Choice[] = [
  { value: "in", label: "In stock" },
  { value: "low", label: "Low stock" },
  { value: "out", label: "Out of stock" },
];

/**
 * The admin products list's search, filters and sort: a GET form, so everything is in the URL
 * (shareable, the back button works) and a new search starts at the first page.
 */
export function ProductListFilters({
  controls,
  collections,
  sorts,
}: {
  controls: ListControls;
  collections: { id: string; name: string }[];
  sorts: readonly Choice[];
}) {
  const busy = useNavigation().state === "loading";
  const select = (
    name: string,
    label: string,
    value: string | undefined,
    choices: readonly Choice[],
    any?: string,
  ) => (
    <div className="flex flex-col gap-1">
      <Label htmlFor={`list-${name}`}>{label}</Label>
      <select id={`list-${name}`} name={name} defaultValue={value ?? ""} className={`${fieldClass} h-10`}>
        {any && <option value="">{any}</option>}
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <Form
      method="get"
      role="search"
      aria-label="Search products"
      className="mb-4 flex flex-wrap items-end gap-3"
    >
      <div className="flex min-w-56 flex-1 flex-col gap-1">
        <Label htmlFor="list-q">Search name or SKU</Label>
        <Input id="list-q" name="q" type="search" defaultValue={controls.q} maxLength={100} />
      </div>
      {select("status", "Status", controls.status, STATUS_CHOICES, "Any status")}
      {select(
        "collection",
        "Collection",
        controls.collection,
        collections.map((c) => ({ value: c.id, label: c.name })),
        "Any collection",
      )}
      {select("stock", "Stock", controls.stock, STOCK_CHOICES, "Any stock")}
      {select("sort", "Sort", controls.sort, sorts)}
      <button type="submit" className={buttonClass()} disabled={busy}>
        <Search aria-hidden />
        {busy ? "Searching…" : "Search"}
      </button>
    </Form>
  );
}

/** Previous / Next by cursor, keeping the filters of the current URL. */
export function CursorPagination({ previous, next }: { previous: string | null; next: string | null }) {
  const { search } = useLocation();
  const to = (name: "after" | "before", cursor: string) => {
    const params = new URLSearchParams(search);
    params.delete("after");
    params.delete("before");
    params.set(name, cursor);
    return `?${params}`;
  };
  if (!previous && !next) return null;
  return (
    <nav aria-label="Product pages" className="mt-4 flex justify-between gap-2">
      {previous ? (
        <Link to={to("before", previous)} className={buttonClass({ variant: "outline" })}>
          <ChevronLeft aria-hidden />
          Previous
        </Link>
      ) : (
        <span />
      )}
      {next && (
        <Link to={to("after", next)} className={buttonClass({ variant: "outline" })}>
          Next
          <ChevronRight aria-hidden />
        </Link>
      )}
    </nav>
  );
}
