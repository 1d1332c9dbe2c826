import { Link } from "react-router";
import { CustomerFilters } from "~/components/admin/customers/customer-filters.tsx";
import { CustomerTable } from "~/components/admin/customers/customer-table.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { LoadError } from "~/components/admin/row-actions.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { brand } from "~core/brand.ts";
import { can } from "~core/staff/roles.ts";
import { adminUser } from "~server/auth/guards.ts";
import { customerQuerySchema, listCustomers } from "~server/customers/list.ts";
import { settle } from "~server/http/error-response.ts";
import type { Route } from "./+types/customers";

export function meta() {
  return [{ title: `Customers | ${brand.name} Admin` }];
}

/**
 * Customers (docs/admins.md): accounts and guest buyers, searched, filtered and sorted; 50 a page
 * by keyset, every choice in the URL.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = customerQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const page = await settle(context.log, "listing customers failed", () =>
    listCustomers(context.database.db, query),
  );
  const { after: _after, ...filters } = query;
  return {
    rows: page.ok ? page.value.rows : [],
    next: page.ok ? page.value.next : null,
    loadError: !page.ok,
    query: filters,
    paged: query.after !== undefined,
    mayExport: can(context.get(adminUser).access, "export:customer"),
    mayImport: can(context.get(adminUser).access, "import:customer"),
  };
}

/** The query string of the current choices (defaults left out, so links stay short). */
function searchOf(query: Route.ComponentProps["loaderData"]["query"], after?: string) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  if (query.sort === "last-order") params.delete("sort");
  if (after) params.set("after", after);
  return params.toString();
}

export default function Customers({ loaderData }: Route.ComponentProps) {
  const { rows, next, query, paged, loadError, mayExport, mayImport } = loaderData;
  const filtered = Boolean(query.q || query.orders || query.subscriber || query.marketing || query.tag);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Customers" subtitle="Accounts and guest buyers, with their orders together">
        {mayImport && (
          <Link to="/admin/customers/import" className={buttonClass({ variant: "outline" })}>
            Import
          </Link>
        )}
        {mayExport && (
          <a href="/admin/customers/export.csv" className={buttonClass({ variant: "outline" })} download>
            Export CSV
          </a>
        )}
      </PageHeader>
      <CustomerFilters query={query} />
      {loadError && <LoadError>Customers could not be loaded. Try again in a moment.</LoadError>}
      {!loadError && rows.length === 0 ? (
        <p className="rounded-lg border bg-card px-6 py-12 text-center text-muted-foreground">
          {filtered ? "No customers match these filters." : "No customers yet."}
        </p>
      ) : (
        <CustomerTable rows={rows} />
      )}
      <nav aria-label="Pages" className="flex gap-4 text-sm">
        {paged && (
          <Link to={`?${searchOf(query)}`} className="text-primary underline-offset-4 hover:underline">
            First page
          </Link>
        )}
        {next && (
          <Link to={`?${searchOf(query, next)}`} className="text-primary underline-offset-4 hover:underline">
            Next page
          </Link>
        )}
      </nav>
    </div>
  );
}
