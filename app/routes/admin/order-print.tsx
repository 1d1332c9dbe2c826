import { Printer } from "lucide-react";
import { useEffect } from "react";
import { data, Link } from "react-router";
import { PackingSlip } from "~/components/admin/packing-slip.tsx";
import { Button } from "~/components/ui/button.tsx";
import { brand } from "~core/brand.ts";
import { orderLabel } from "~core/orders/order-number.ts";
import { getAdminOrder } from "~server/orders/admin-list.ts";
import type { Route } from "./+types/order-print";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const order = await getAdminOrder(context.database.db, params.orderId);
  if (!order) throw data("Order not found", { status: 404 });
  // Prices are left off unless asked for (?prices=1): a parcel may be a gift.
  const prices = new URL(request.url).searchParams.get("prices") === "1";
  return { order, prices };
}

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: `Packing slip #${data ? orderLabel(data.order) : ""} | ${brand.name}` },
    { name: "robots", content: "noindex" },
  ];
}

/** A packing slip on white paper: the print dialog opens by itself; the button is not printed. */
export default function OrderPrint({ loaderData }: Route.ComponentProps) {
  const { order, prices } = loaderData;
  useEffect(() => {
    window.print();
  }, []);
  return (
    <main className="mx-auto max-w-3xl bg-white text-black">
      <PackingSlip order={order} prices={prices} />
      <div className="flex flex-wrap items-center gap-4 px-8 pb-8 print:hidden">
        <Button onClick={() => window.print()}>
          <Printer aria-hidden />
          Print
        </Button>
        <Link to={prices ? "?" : "?prices=1"} replace className="text-sm underline underline-offset-4">
          {prices ? "Hide prices" : "Show prices"}
        </Link>
      </div>
    </main>
  );
}
