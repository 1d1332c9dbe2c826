import { Form } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { fieldClass, Input } from "~/components/ui/input.tsx";
import { Label } from "~/components/ui/label.tsx";

type Query = {
  q: string;
  orders?: "yes" | "no";
  subscriber?: "yes" | "no";
  marketing?: "yes" | "no";
  tag: string;
  sort: string;
};

const selectClass = `${fieldClass} h-10 w-40`;

function YesNo({ name, label, value }: { name: string; label: string; value?: string }) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={`filter-${name}`}>{label}</Label>
      <select id={`filter-${name}`} name={name} defaultValue={value ?? ""} className={selectClass}>
        <option value="">Any</option>
        <option value="yes">Yes</option>
        <option value="no">No</option>
      </select>
    </div>
  );
}

/** Search, filters and sort: a GET form, so every choice lives in the URL (and a new search starts at page one). */
export function CustomerFilters({ query }: { query: Query }) {
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3" role="search" aria-label="Customers">
      <div className="flex flex-col gap-2">
        <Label htmlFor="customer-q">Search</Label>
        <Input
          id="customer-q"
          name="q"
          type="search"
          defaultValue={query.q}
          placeholder="Name, email or phone"
          className="w-72 max-w-full"
        />
      </div>
      <YesNo name="orders" label="Has orders" value={query.orders} />
      <YesNo name="subscriber" label="Subscriber" value={query.subscriber} />
      <YesNo name="marketing" label="Accepts marketing" value={query.marketing} />
      <div className="flex flex-col gap-2">
        <Label htmlFor="filter-tag">Tag</Label>
        <Input id="filter-tag" name="tag" defaultValue={query.tag} className="w-36" />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="customer-sort">Sort by</Label>
        <select id="customer-sort" name="sort" defaultValue={query.sort} className={selectClass}>
          <option value="last-order">Last order</option>
          <option value="spent">Total spent</option>
          <option value="orders">Orders</option>
          <option value="newest">Newest</option>
        </select>
      </div>
      <Button type="submit" variant="outline">
        Apply
      </Button>
    </Form>
  );
}
