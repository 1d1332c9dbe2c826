import { Search, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { statusLabel } from "~/components/admin/order-status.ts";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { Input } from "~/components/ui/input.tsx";
import {
  FULFILMENT_FILTERS,
  filterChoiceLabels,
  NOTE_FILTERS,
  ORDER_SORTS,
  ORDER_STATUS_CHOICES,
  PAYMENT_FILTERS,
  PURCHASE_TYPES,
} from "~core/orders/order-filter-options.ts";

/** The filter as the loader parsed it (server/orders/order-filter.ts). */
export type ShownFilter = {
  q?: string;
  status?: string[];
  payment?: string;
  fulfilment?: string;
  from?: string;
  to?: string;
  sku?: string;
  product?: string;
  coupon?: string;
  type?: string;
  note?: string;
  sort?: string;
};

const selectClass = "h-9 w-full rounded-md border border-input bg-background px-2 text-sm";

/**
 * The orders filter: a GET form, so the filter is the page's URL. Applying it adds a history entry
 * (the back button returns to the previous filter); typing in the search box applies it as you
 * type, replacing the entry instead of adding one per keystroke.
 */
export function OrderFilters({ filter, filtered }: { filter: ShownFilter; filtered: boolean }) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const apply = (form: HTMLFormElement, replace: boolean) =>
    navigate(`/admin/orders${cleanQuery(form)}`, { replace, preventScrollReset: true });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const status = filter.status?.length === 1 ? filter.status[0] : "";
  // The form's key follows the URL's filter, so back/forward shows the fields of that filter.
  const key = JSON.stringify(filter);
  return (
    <Form
      key={key}
      method="get"
      role="search"
      aria-label="Filter orders"
      className="mb-4 flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        clearTimeout(timer.current);
        apply(e.currentTarget, false);
      }}
    >
      <div className="flex max-w-xl gap-2">
        <label htmlFor="order-search" className="sr-only">
          Search orders
        </label>
        <Input
          id="order-search"
          name="q"
          type="search"
          defaultValue={filter.q ?? ""}
          maxLength={200}
          placeholder="Search by name, email, order number (#1001) or id, or coupon code"
          onChange={(e) => {
            const form = e.currentTarget.form;
            clearTimeout(timer.current);
            timer.current = setTimeout(() => form && apply(form, true), 300);
          }}
        />
        <Button type="submit" variant="outline">
          <Search aria-hidden />
          Search
        </Button>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <Choice label="Status" name="status" value={multiStatus(filter.status) ?? status}>
          {filter.status && filter.status.length > 1 && (
            <option value={filter.status.join(",")}>{filter.status.map(statusLabel).join(" or ")}</option>
          )}
          {ORDER_STATUS_CHOICES.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </Choice>
        <Choice label="Payment" name="payment" value={filter.payment} options={PAYMENT_FILTERS} />
        <Choice label="Fulfilment" name="fulfilment" value={filter.fulfilment} options={FULFILMENT_FILTERS} />
        <Choice label="Purchase type" name="type" value={filter.type} options={PURCHASE_TYPES} />
        <Choice label="Notes" name="note" value={filter.note} options={NOTE_FILTERS} />
        <Choice label="Sort" name="sort" value={filter.sort ?? "newest"} options={ORDER_SORTS} any={false} />
        <Field label="Placed from" name="from" type="date" value={filter.from} />
        <Field label="Placed to" name="to" type="date" value={filter.to} />
        <Field label="SKU" name="sku" value={filter.sku} maxLength={100} />
        <Field label="Coupon" name="coupon" value={filter.coupon} maxLength={64} />
        {filter.product && <input type="hidden" name="product" value={filter.product} />}
        <div className="col-span-2 flex items-end gap-2">
          <Button type="submit" disabled={navigation.state === "loading"}>
            Apply filters
          </Button>
          {filtered && (
            <Link to="/admin/orders" className={buttonClass({ variant: "ghost" })}>
              <X aria-hidden />
              Clear
            </Link>
          )}
        </div>
      </div>
      {filter.product && (
        <p className="text-sm text-muted-foreground">Showing orders with one product (from its link).</p>
      )}
    </Form>
  );
}

/** The form's fields as a query string without the empty ones (and without the default sort). */
function cleanQuery(form: HTMLFormElement): string {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value !== "string" || value.trim() === "" || (name === "sort" && value === "newest")) continue;
    params.append(name, value);
  }
  const query = params.toString();
  return query ? `?${query}` : "";
}

const multiStatus = (status: string[] | undefined) =>
  status && status.length > 1 ? status.join(",") : undefined;

function Choice({
  label,
  name,
  value,
  options,
  any = true,
  children,
}: {
  label: string;
  name: string;
  value: string | undefined;
  options?: readonly string[];
  any?: boolean;
  children?: React.ReactNode;
}) {
  const id = `filter-${name}`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ""} className={selectClass}>
        {any && <option value="">Any</option>}
        {children ??
          options?.map((o) => (
            <option key={o} value={o}>
              {filterChoiceLabels[o] ?? o}
            </option>
          ))}
      </select>
    </div>
  );
}

function Field({
  label,
  name,
  value,
  type = "text",
  maxLength,
}: {
  label: string;
  name: string;
  value: string | undefined;
  type?: string;
  maxLength?: number;
}) {
  const id = `filter-${name}`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      <Input
        id={id}
        name={name}
        type={type}
        defaultValue={value ?? ""}
        maxLength={maxLength}
        className="h-9"
      />
    </div>
  );
}
