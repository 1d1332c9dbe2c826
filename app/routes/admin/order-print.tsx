import { Printer } from "lucide-react";
import { useEffect } from "react";
import { data } from "react-router";
import { OrderDetails } from "~/components/admin/order-details.tsx";
import { Button } from "~/components/ui/button.tsx";
import { brand } from "~core/brand.ts";
import { orderLabel } from "~core/order-number.ts";
import { getAdminOrder } from "~server/orders/admin-list.ts";
import type { Route } from "./+types/order-print";

export async function loader({ context, params }: Route.LoaderArgs) {
  const order = await getAdminOrder(context.database.db, params.orderId);
  if (!order) throw data("Order not found", { status: 404 });
  return { order };
}

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: `Packing slip #${data ? orderLabel(data.order) : ""} | ${brand.name}` },
    { name: "robots", content: "noindex" },
  ];
}

/** A packing slip on white paper: the print dialog opens by itself; the button is not printed. */
export default function OrderPrint({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  useEffect(() => {
    window.print();
  }, []);
  return (
    <main className="packing-slip mx-auto max-w-3xl bg-white p-8 text-black">
      <div className="mb-6 flex items-start justify-between gap-4 border-b border-black/20 pb-4">
        <div>
          <p className="font-display text-2xl font-semibold">{brand.name}</p>
          <p className="text-sm">{brand.website}</p>
        </div>
        <h1 className="font-display text-2xl font-semibold">Packing slip</h1>
      </div>
      <OrderDetails order={order} />
      <p className="mt-8 text-sm">Thank you for your order! Questions: {brand.supportEmail}</p>
      <Button className="mt-6 print:hidden" onClick={() => window.print()}>
        <Printer aria-hidden />
        Print
      </Button>
    </main>
  );
}
