import { CheckCircle2 } from "lucide-react";
import { Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { PaidOrderCard, toPaidOrder } from "~/components/store/paid-order.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { useRefreshAfterPayment } from "~/hooks/use-refresh-after-payment.ts";
import { actionToast } from "~/lib/action-toast.ts";
import { brand } from "~/lib/brand.ts";
import { processReturn } from "~server/checkout/return-page.server.ts";
import type { Route } from "./+types/paypal-success";

export function meta() {
  return [{ title: `PayPal Payment | ${brand.name}` }, { name: "robots", content: "noindex" }];
}

const failed = {
  title: "Payment processing error",
  description: "There was an issue processing your PayPal payment. Please contact support.",
  variant: "destructive",
} as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  // One-time orders come back with ?token=<order id>&PayerID=…, subscriptions with ?subscription_id=…
  const params = new URL(request.url).searchParams;
  const token = params.get("subscription_id") ?? params.get("token");
  const order = token ? await processReturn(context, token) : null;
  if (!order) return { order: null, toast: actionToast(failed) };
  return {
    order: toPaidOrder(order),
    toast: actionToast({
      title: "Payment successful",
      description: "Your PayPal payment has been processed successfully.",
      variant: "success",
    }),
  };
}

/** Refreshing after payment (same URL) reloads the layout's cart only: not the payment, nor its toast. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return currentUrl.href === nextUrl.href ? false : defaultShouldRevalidate;
}

/** If the capture fails, the success layout is shown without details (spec). */
export default function PaypalSuccess({ loaderData }: Route.ComponentProps) {
  const { order, toast } = loaderData;
  useFlashToast(toast);
  useRefreshAfterPayment(Boolean(order));
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center gap-6 px-4 py-12 text-center sm:px-6">
      <CheckCircle2 className="size-14 text-success" aria-hidden />
      <h1 className="font-display text-4xl font-semibold">PayPal Payment Successful!</h1>
      {order && <PaidOrderCard order={order} />}
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/products" className={buttonClass({ variant: "outline" })}>
          Continue Shopping
        </Link>
        <Link to="/" className={buttonClass({})}>
          Back to Home
        </Link>
      </div>
    </div>
  );
}
