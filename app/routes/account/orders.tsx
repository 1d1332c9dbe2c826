import { Package } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { brand } from "~/lib/brand.ts";
import { requireUser } from "~server/auth/session.ts";
import type { Route } from "./+types/orders";

export function meta() {
  return [{ title: `My Orders | ${brand.name}` }];
}

/**
 * Signed-in customers only. Orders come into existence with checkout (another issue), which adds
 * the list of this user's paid orders here; until then every customer's list is empty.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(context, request);
  return null;
}

export default function Orders() {
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-12 sm:px-6">
      <h1 className="font-display text-4xl font-semibold text-primary">My Orders</h1>
      <div className="mt-10 flex flex-col items-center gap-4 rounded-lg border bg-card px-6 py-16 text-center">
        <Package className="size-12 text-muted-foreground" aria-hidden />
        <h2 className="font-display text-2xl">No orders yet</h2>
        <p className="text-muted-foreground">When you place an order, it will show up here.</p>
        <Link to="/products" className={buttonClass({ className: "mt-2" })}>
          Start Shopping
        </Link>
      </div>
    </div>
  );
}
