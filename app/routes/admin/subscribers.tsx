import { Form, Link } from "react-router";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { fieldClass, Input } from "~/components/ui/input.tsx";
import { Label } from "~/components/ui/label.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table.tsx";
import { formatDateTime } from "~/lib/dates.ts";
import { brand } from "~core/brand.ts";
import { listSubscribers, subscriberQuerySchema } from "~server/marketing/admin-subscribers.ts";
import type { Route } from "./+types/subscribers";

export function meta() {
  return [{ title: `Subscribers | ${brand.name} Admin` }];
}

/** The marketing contacts (decision 048): search, status filter, 50 a page by keyset, CSV export. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = subscriberQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const page = await listSubscribers(context.database.db, query);
  return { ...page, q: query.q, status: query.status ?? "", paged: query.after !== null };
}

const when = (value: Date | string | null) => (value ? formatDateTime(value) : "—");

export default function Subscribers({ loaderData }: Route.ComponentProps) {
  const { rows, next, q, status, paged } = loaderData;
  const filters = { ...(q ? { q } : {}), ...(status ? { status } : {}) };
  const nextHref = next ? `?${new URLSearchParams({ ...filters, after: next })}` : null;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Subscribers" subtitle="Every address's marketing consent and opt-out" />
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-2">
          <Label htmlFor="q">Email</Label>
          <Input id="q" name="q" type="search" defaultValue={q} className="w-72" />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="status">Status</Label>
          <select id="status" name="status" defaultValue={status} className={`${fieldClass} h-10 w-44`}>
            <option value="">All</option>
            <option value="subscribed">Subscribed</option>
            <option value="pending">Pending</option>
            <option value="unsubscribed">Unsubscribed</option>
          </select>
        </div>
        <Button type="submit" variant="outline">
          Filter
        </Button>
        <a
          href={`/admin/subscribers/export.csv?${new URLSearchParams(filters)}`}
          className={buttonClass({ variant: "outline" })}
          download
        >
          Export CSV
        </a>
      </Form>
      {rows.length === 0 ? (
        <p className="rounded-lg border bg-card px-6 py-12 text-center text-muted-foreground">
          No subscribers.
        </p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Email</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Source</TableHead>
              <TableHead>Confirmed</TableHead>
              <TableHead>Unsubscribed</TableHead>
              <TableHead>Added</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell className="break-all">{row.email ?? "(erased)"}</TableCell>
                <TableCell>{row.status}</TableCell>
                <TableCell>{row.source ?? "—"}</TableCell>
                <TableCell className="whitespace-nowrap">{when(row.confirmedAt)}</TableCell>
                <TableCell className="whitespace-nowrap">{when(row.unsubscribedAt)}</TableCell>
                <TableCell className="whitespace-nowrap">{when(row.createdAt)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <nav aria-label="Pages" className="flex gap-4 text-sm">
        {paged && (
          <Link
            to={`?${new URLSearchParams(filters)}`}
            className="text-primary underline-offset-4 hover:underline"
          >
            First page
          </Link>
        )}
        {nextHref && (
          <Link to={nextHref} className="text-primary underline-offset-4 hover:underline">
            Next page
          </Link>
        )}
      </nav>
    </div>
  );
}
