import { Printer } from "lucide-react";
import { useEffect } from "react";
import { data, redirect } from "react-router";
import { PackingSlip } from "~/components/admin/packing-slip.tsx";
import { Button } from "~/components/ui/button.tsx";
import { brand } from "~core/brand.ts";
import { MAX_PRINT_ORDERS } from "~core/orders/bulk-orders.ts";
import { orderLabel } from "~core/orders/order-number.ts";
import { adminUser } from "~server/auth/guards.ts";
import { createBulkRequest } from "~server/bulk-orders/requests.ts";
import { resolveSelection } from "~server/bulk-orders/selection.ts";
import { packingSlips, tooManyToPrint } from "~server/bulk-orders/slips.ts";
import { failureData, settle } from "~server/http/error-response.ts";
import type { Route } from "./+types/bulk-print";
import { bulkKey, readSelection } from "./bulk-orders.server.ts";
import { orderPermissions, withoutCustomerData } from "./orders-access.server.ts";

/** POST: saves the selection (at most MAX_PRINT_ORDERS) and opens its printable document. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const { db } = context.database;
  const saved = await settle(context.log, "bulk print failed", async () => {
    const ids = await resolveSelection(db, readSelection(form));
    if (ids.length > MAX_PRINT_ORDERS) throw tooManyToPrint(ids.length);
    return createBulkRequest(db, {
      key: bulkKey(form),
      kind: "selection",
      actorId: context.get(adminUser).id,
      state: "done",
      items: ids.map((orderId, i) => ({ orderId, position: i + 1 })),
    });
  });
  if (!saved.ok) return failureData(saved, {});
  throw redirect(`/admin/orders/bulk/print?selection=${saved.value.request.id}`);
}

/** GET ?selection=…: every selected order's packing slip, one per page, then the pick list. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const selection = new URL(request.url).searchParams.get("selection");
  // Without a selection, the page only shows why the print action refused (its toast).
  if (selection === null) return { orders: [], pickList: [] };
  const document = await packingSlips(context.database.db, selection);
  if (!document) throw data("Selection not found", { status: 404 });
  const may = orderPermissions(context.get(adminUser).access);
  return { ...withoutCustomerData(document, may.customerData) };
}

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: `Packing slips (${data?.orders.length ?? 0}) | ${brand.name}` },
    { name: "robots", content: "noindex" },
  ];
}

/** One printable document: the pick list first (to gather the goods), then a slip per page. */
export default function BulkPrint({ loaderData, actionData }: Route.ComponentProps) {
  const { orders, pickList } = loaderData;
  const empty = orders.length === 0;
  useEffect(() => {
    if (!empty) window.print();
  }, [empty]);
  if (empty)
    return (
      <main className="mx-auto max-w-xl p-8">
        <h1 className="font-display text-2xl font-semibold">
          {actionData?.toast.title ?? "Nothing to print"}
        </h1>
        <p role="alert" className="mt-2">
          {actionData?.toast.description ??
            "Select orders on Orders Management, then print their packing slips."}
        </p>
      </main>
    );
  return (
    <main className="bg-white text-black">
      <section className="mx-auto max-w-3xl p-8 [break-after:page]" aria-labelledby="pick-list">
        <div className="mb-4 flex items-center justify-between gap-4">
          <h1 id="pick-list" className="font-display text-2xl font-semibold">
            Pick list: {orders.length} orders
          </h1>
          <Button onClick={() => window.print()} className="print:hidden">
            <Printer aria-hidden />
            Print
          </Button>
        </div>
        <p className="mb-4 text-sm">Orders {orders.map((o) => `#${orderLabel(o)}`).join(", ")}</p>
        <table className="w-full text-left text-sm" aria-label="Pick list">
          <thead>
            <tr className="border-b border-black/30">
              <th className="py-1">SKU</th>
              <th className="py-1">Item</th>
              <th className="py-1 text-right">Quantity</th>
            </tr>
          </thead>
          <tbody>
            {pickList.map((line) => (
              <tr key={`${line.sku}:${line.name}`} className="border-b border-black/10">
                <td className="py-1 font-mono">{line.sku ?? "—"}</td>
                <td className="py-1">{line.name}</td>
                <td className="py-1 text-right tabular-nums">{line.quantity}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {orders.map((order) => (
        <PackingSlip key={order.id} order={order} prices={false} className="[break-before:page]" />
      ))}
    </main>
  );
}
