import { Form, Link } from "react-router";
import { z } from "zod";
import { MailStatusBadge } from "~/components/admin/mail-status-badge.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Input } from "~/components/ui/input.tsx";
import { Label } from "~/components/ui/label.tsx";
import { Pagination } from "~/components/ui/pagination.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table.tsx";
import { formatDateTime } from "~/lib/dates.ts";
import { brand } from "~core/brand.ts";
import { isStorableText } from "~server/db/ids.ts";
import { listOutbox } from "~server/mail/outbox.ts";
import type { Route } from "./+types/emails";

export const PER_PAGE = 25;

export function meta() {
  return [{ title: `Emails | ${brand.name} Admin` }];
}

const querySchema = z.object({
  page: z.coerce.number().int().min(1).catch(1),
  to: z.string().trim().max(320).refine(isStorableText).catch(""),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const { page, to } = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const result = await listOutbox(context.database.db, { page, perPage: PER_PAGE, to: to || undefined });
  return { ...result, page, to, smtp: Boolean(context.config.mail.smtpUrl) };
}

export default function Emails({ loaderData }: Route.ComponentProps) {
  const { rows, page, totalPages, totalCount, to, smtp } = loaderData;
  const href = (p: number) => `?${new URLSearchParams({ ...(to ? { to } : {}), page: String(p) })}`;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Emails" />
      <p className="max-w-3xl text-sm text-muted-foreground">
        Every email the shop sends is kept here.{" "}
        {smtp
          ? "Messages are delivered over SMTP; failed deliveries are retried automatically."
          : "SMTP is not configured (SMTP_URL), so messages are only stored here: open one to read it."}
      </p>
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-2">
          <Label htmlFor="to">Recipient</Label>
          <Input
            id="to"
            name="to"
            type="email"
            defaultValue={to}
            placeholder="customer@example.com"
            className="w-72"
          />
        </div>
        <Button type="submit" variant="outline">
          Filter
        </Button>
        {to && (
          <Link
            to="/admin/emails"
            className="h-10 content-center text-sm text-primary underline-offset-4 hover:underline"
          >
            Show all
          </Link>
        )}
      </Form>
      {rows.length === 0 ? (
        <p className="rounded-lg border bg-card px-6 py-12 text-center text-muted-foreground">
          No emails yet.
        </p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>To</TableHead>
              <TableHead>Subject</TableHead>
              <TableHead>Time</TableHead>
              <TableHead>Status</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell className="break-all">{row.to}</TableCell>
                <TableCell>
                  <Link
                    to={`/admin/emails/${row.id}`}
                    className="text-primary underline-offset-4 hover:underline"
                  >
                    {row.subject}
                  </Link>
                </TableCell>
                <TableCell className="whitespace-nowrap">{formatDateTime(row.createdAt)}</TableCell>
                <TableCell>
                  <MailStatusBadge status={row.status} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <p className="text-sm text-muted-foreground">
        {totalCount} {totalCount === 1 ? "email" : "emails"}
      </p>
      <Pagination page={page} totalPages={totalPages} getHref={href} />
    </div>
  );
}
