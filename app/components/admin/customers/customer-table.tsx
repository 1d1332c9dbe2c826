import { Link } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table.tsx";
import { formatDate } from "~/lib/dates.ts";
import { formatMoney } from "~core/pricing/money.ts";

type Row = {
  id: string;
  userId: string | null;
  email: string;
  name: string | null;
  orderCount: number;
  totalSpentCents: number;
  lastOrderAt: Date | string | null;
  subscriber: boolean;
  acceptsMarketing: boolean;
  tags: string[];
};

/** One line per customer; the name (or email) opens the customer page. */
export function CustomerTable({ rows }: { rows: Row[] }) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Customer</TableHead>
          <TableHead className="text-right">Orders</TableHead>
          <TableHead className="text-right">Total spent</TableHead>
          <TableHead>Last order</TableHead>
          <TableHead>Tags</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableCell className="min-w-0">
              <Link
                to={`/admin/customers/${row.id}`}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                {row.name || row.email}
              </Link>
              <div className="break-all text-xs text-muted-foreground">
                {row.email}
                {!row.userId && " · guest"}
                {row.subscriber && " · subscriber"}
                {row.acceptsMarketing && " · accepts marketing"}
              </div>
            </TableCell>
            <TableCell className="text-right">{row.orderCount}</TableCell>
            <TableCell className="whitespace-nowrap text-right">{formatMoney(row.totalSpentCents)}</TableCell>
            <TableCell className="whitespace-nowrap">
              {row.lastOrderAt ? formatDate(row.lastOrderAt) : "—"}
            </TableCell>
            <TableCell>
              <div className="flex flex-wrap gap-1">
                {row.tags.map((tag) => (
                  <Badge key={tag} variant="outline">
                    {tag}
                  </Badge>
                ))}
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
