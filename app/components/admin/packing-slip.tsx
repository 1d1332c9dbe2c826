import { OrderDetails, type OrderDetailsData } from "~/components/admin/order-details.tsx";
import { brand } from "~core/brand.ts";

/** One order's packing slip on white paper (the single print page and the bulk print document). */
export function PackingSlip({
  order,
  prices,
  className,
}: {
  order: OrderDetailsData;
  prices: boolean;
  className?: string;
}) {
  return (
    <section className={`packing-slip mx-auto max-w-3xl bg-white p-8 text-black ${className ?? ""}`}>
      <div className="mb-6 flex items-start justify-between gap-4 border-b border-black/20 pb-4">
        <div>
          <p className="font-display text-2xl font-semibold">{brand.name}</p>
          <p className="text-sm">{brand.website}</p>
        </div>
        <h1 className="font-display text-2xl font-semibold">Packing slip</h1>
      </div>
      <OrderDetails order={order} prices={prices} />
      <p className="mt-8 text-sm">Thank you for your order! Questions: {brand.supportEmail}</p>
    </section>
  );
}
