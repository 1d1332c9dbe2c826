import { ArrowLeft } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { Field } from "~/components/admin/field.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardContent, CardHeader } from "~/components/ui/card.tsx";
import { fieldClass, Input } from "~/components/ui/input.tsx";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableMessageRow,
  TableRow,
} from "~/components/ui/table.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { formatDateTime } from "~/lib/dates.ts";
import { refusedBy, useFormResetKey } from "~/lib/form-reset-key.ts";
import { parseForm } from "~/lib/forms.ts";
import { brand } from "~core/brand.ts";
import { stockAdjustmentSchema } from "~core/forms/stock-form.ts";
import { orderLabel } from "~core/orders/order-number.ts";
import { adminUser } from "~server/auth/guards.ts";
import { settle } from "~server/http/error-response.ts";
import { adjustStock } from "~server/stock/adjust.ts";
import { loadStockPage } from "~server/stock/admin-stock.ts";
import type { Route } from "./+types/product-stock";
import { adminFailure, backWithToast } from "./admin-actions.server.ts";

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `Stock: ${data?.page.product.name ?? "Product"} | ${brand.name} Admin` }];
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const page = await loadStockPage(context.database.db, params.id);
  if (!page) throw data("Product not found", { status: 404 });
  return { page };
}

type Typed = { variantId: string; mode: string; quantity: string; reason: string; note: string };

export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = parseForm(stockAdjustmentSchema, form);
  const typed = (values: Record<string, string | undefined>): Typed => ({
    variantId: values.variantId ?? "",
    mode: values.mode ?? "set",
    quantity: values.quantity ?? "",
    reason: values.reason ?? "adjustment",
    note: values.note ?? "",
  });
  if (!parsed.ok) {
    const first = Object.values(parsed.errors)[0] ?? "Check the highlighted fields.";
    return adminFailure<Typed>({ title: "Stock Not Changed", description: first }, 400, {
      errors: parsed.errors,
      values: typed(parsed.values),
    });
  }
  const actorId = context.get(adminUser).id;
  const path = `/admin/products/${params.id}/stock`;
  const changed = await settle(context.log, "stock adjustment failed", () =>
    adjustStock(context.database.db, params.id, parsed.data, actorId),
  );
  if (changed.ok) return backWithToast(path, `Stock is now ${changed.value}`);
  const description = changed.message.description ?? changed.message.title;
  return adminFailure<Typed>(changed.message, changed.status, {
    errors: { quantity: description },
    values: typed({ ...parsed.data, quantity: String(parsed.data.quantity) }),
  });
}

const reasons = [
  { value: "adjustment", label: "Adjustment" },
  { value: "received", label: "Stock received" },
  { value: "correction", label: "Count correction" },
];

export default function ProductStock({ loaderData, actionData }: Route.ComponentProps) {
  useFlashToast(actionData?.toast);
  const busy = useNavigation().state === "submitting";
  const { product, variants, movements } = loaderData.page;
  const live = variants.filter((v) => !v.archived);
  const typed = actionData?.values;
  const formKey = useFormResetKey(refusedBy(actionData));
  const error = (field: string) => actionData?.errors[field];
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={`Stock: ${product.name}`}
        subtitle="Counts, low-stock thresholds and every movement"
      />
      <Link to="/admin/products" className="inline-flex items-center gap-1 self-start text-sm text-primary">
        <ArrowLeft className="size-4" aria-hidden />
        Back to Products
      </Link>
      <Table aria-label="Variant stock">
        <TableHeader>
          <TableRow>
            <TableHead>Variant</TableHead>
            <TableHead>SKU</TableHead>
            <TableHead>In stock</TableHead>
            <TableHead>Held at checkout</TableHead>
            <TableHead>Low-stock threshold</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {live.map((v) => (
            <TableRow key={v.id}>
              <TableCell className="font-medium">{v.title}</TableCell>
              <TableCell className="font-mono">{v.sku}</TableCell>
              <TableCell>
                {v.stockQuantity === null ? (
                  <span className="text-muted-foreground">Not tracked</span>
                ) : (
                  <>
                    {v.stockQuantity}
                    {v.stockQuantity === 0 ? (
                      <Badge variant="destructive" className="ml-2">
                        Out of stock
                      </Badge>
                    ) : v.stockQuantity <= v.lowStockThreshold ? (
                      <Badge variant="outline" className="ml-2">
                        Low
                      </Badge>
                    ) : null}
                  </>
                )}
              </TableCell>
              <TableCell>
                {v.stockQuantity === null ? (
                  <span className="text-muted-foreground">—</span>
                ) : (
                  `${v.held} in other shoppers' carts`
                )}
              </TableCell>
              <TableCell>{v.lowStockThreshold}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Card>
        <CardHeader>
          <h2 className="font-display text-xl font-semibold">Adjust stock</h2>
        </CardHeader>
        <CardContent>
          <Form method="post" noValidate className="grid gap-4 sm:grid-cols-2" key={formKey}>
            <Field id="variantId" label="Variant" error={error("variantId")}>
              {(p) => (
                <select
                  {...p}
                  name="variantId"
                  defaultValue={typed?.variantId ?? live[0]?.id}
                  className={`${fieldClass} h-10`}
                >
                  {live.map((v) => (
                    <option key={v.id} value={v.id}>
                      {v.title} ({v.sku})
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field id="mode" label="Change" error={error("mode")}>
              {(p) => (
                <select
                  {...p}
                  name="mode"
                  defaultValue={typed?.mode ?? "set"}
                  className={`${fieldClass} h-10`}
                >
                  <option value="set">Set the count to</option>
                  <option value="add">Add (or remove with a minus sign)</option>
                </select>
              )}
            </Field>
            <Field id="quantity" label="Quantity" error={error("quantity")}>
              {(p) => (
                <Input
                  {...p}
                  name="quantity"
                  inputMode="numeric"
                  defaultValue={typed?.quantity ?? ""}
                  required
                />
              )}
            </Field>
            <Field id="reason" label="Reason" error={error("reason")}>
              {(p) => (
                <select
                  {...p}
                  name="reason"
                  defaultValue={typed?.reason ?? "adjustment"}
                  className={`${fieldClass} h-10`}
                >
                  {reasons.map((r) => (
                    <option key={r.value} value={r.value}>
                      {r.label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field id="note" label="Note (optional)" error={error("note")} className="sm:col-span-2">
              {(p) => <Input {...p} name="note" maxLength={500} defaultValue={typed?.note ?? ""} />}
            </Field>
            <Button type="submit" disabled={busy || live.length === 0} className="self-start">
              Save stock
            </Button>
          </Form>
        </CardContent>
      </Card>
      <section aria-labelledby="movements-heading" className="flex flex-col gap-3">
        <h2 id="movements-heading" className="font-display text-xl font-semibold">
          Movements
        </h2>
        <Table aria-label="Stock movements">
          <TableHeader>
            <TableRow>
              <TableHead>When</TableHead>
              <TableHead>Variant</TableHead>
              <TableHead>Change</TableHead>
              <TableHead>After</TableHead>
              <TableHead>Reason</TableHead>
              <TableHead>By / order</TableHead>
              <TableHead>Note</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {movements.length === 0 && <TableMessageRow colSpan={7}>No stock movements yet</TableMessageRow>}
            {movements.map((m) => (
              <TableRow key={m.id}>
                <TableCell>{formatDateTime(m.createdAt)}</TableCell>
                <TableCell>{m.variantTitle}</TableCell>
                <TableCell className="tabular-nums">{m.delta > 0 ? `+${m.delta}` : m.delta}</TableCell>
                <TableCell className="tabular-nums">{m.quantityAfter}</TableCell>
                <TableCell>
                  {m.reason}
                  {m.shortfall > 0 && (
                    <Badge variant="destructive" className="ml-2">
                      {m.shortfall} short
                    </Badge>
                  )}
                </TableCell>
                <TableCell>
                  {m.orderId ? (
                    <Link to={`/admin/orders/${m.orderId}`} className="text-primary">
                      #{orderLabel({ id: m.orderId, number: m.orderNumber })}
                    </Link>
                  ) : (
                    (m.actorEmail ?? "—")
                  )}
                </TableCell>
                <TableCell>{m.note ?? ""}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </section>
    </div>
  );
}
