import { Form, Link } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table.tsx";
import { formatDate } from "~/lib/dates.ts";
import { orderLabel } from "~core/orders/order-number.ts";
import { formatMoney } from "~core/pricing/money.ts";

type Order = {
  id: string;
  number: number | null;
  status: string;
  totalCents: number;
  refundedCents: number;
  createdAt: Date | string;
  guest: boolean;
};

const statusText = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

/** The customer's paid orders, newest first; a guest order with their address can be joined to the account. */
export function CustomerOrders({
  orders,
  mayEdit,
  customer,
  busy,
}: {
  orders: Order[];
  mayEdit: boolean;
  customer: { email: string; guest: boolean };
  busy: boolean;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Orders</CardTitle>
      </CardHeader>
      <CardContent>
        {orders.length === 0 ? (
          <p className="text-sm text-muted-foreground">No orders yet.</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Order</TableHead>
                <TableHead>Date</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="text-right">Total</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {orders.map((order) => (
                <TableRow key={order.id}>
                  <TableCell>
                    <Link
                      to={`/admin/orders?q=${encodeURIComponent(order.id)}`}
                      className="text-primary underline-offset-4 hover:underline"
                    >
                      #{orderLabel(order)}
                    </Link>
                    {order.guest && (
                      <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                        Placed as a guest
                        {mayEdit && !customer.guest && order.number !== null && (
                          <Form method="post">
                            <input type="hidden" name="intent" value="attach" />
                            <input type="hidden" name="orderNumber" value={order.number} />
                            <input type="hidden" name="orderEmail" value={customer.email} />
                            <Button type="submit" size="sm" variant="outline" disabled={busy}>
                              Attach #{orderLabel(order)} to account
                            </Button>
                          </Form>
                        )}
                      </div>
                    )}
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{formatDate(order.createdAt)}</TableCell>
                  <TableCell>
                    <Badge variant="muted">{statusText(order.status)}</Badge>
                    {order.refundedCents > 0 && (
                      <div className="mt-1 text-xs text-muted-foreground">
                        Refunded {formatMoney(order.refundedCents)}
                      </div>
                    )}
                  </TableCell>
                  <TableCell className="whitespace-nowrap text-right">
                    {formatMoney(order.totalCents)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
