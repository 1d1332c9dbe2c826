import { CheckCircle2 } from "lucide-react";
import { Suspense } from "react";
import { Await, Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { type PaidOrder, PaidOrderCard, toPaidOrder } from "~/components/store/paid-order.tsx";
import { PaymentProcessing } from "~/components/store/payment-processing.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { useRefreshAfterPayment } from "~/hooks/use-refresh-after-payment.ts";
import { type ActionToast, actionToast } from "~/lib/action-toast.ts";
import { brand } from "~/lib/brand.ts";
import { processReturn } from "~server/checkout/return-page.server.ts";
import type { RequestContext } from "~server/context.ts";
import type { Route } from "./+types/paypal-success";

export function meta() {
  return [{ title: `PayPal Payment | ${brand.name}` }, { name: "robots", content: "noindex" }];
}

const failed = {
  title: "Payment processing error",
  description: "There was an issue processing your PayPal payment. Please contact support.",
  variant: "destructive",
} as const;

type Capture = { order: PaidOrder | null; toast: ActionToast };

/** Shown when the streamed capture result never arrives (the stream timed out or broke). */
const notCaptured: Capture = { order: null, toast: { ...failed, id: "not-captured" } };

async function capture(context: RequestContext, token: string | null): Promise<Capture> {
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

/** The capture is not awaited: the page streams 'Processing Payment...' first (spec). */
export async function loader({ request, context }: Route.LoaderArgs) {
  // One-time orders come back with ?token=<order id>&PayerID=…, subscriptions with ?subscription_id=…
  const params = new URL(request.url).searchParams;
  return { capture: capture(context, params.get("subscription_id") ?? params.get("token")) };
}

/** Refreshing after payment (same URL) reloads the layout's cart only: not the payment, nor its toast. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return currentUrl.href === nextUrl.href ? false : defaultShouldRevalidate;
}

export default function PaypalSuccess({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center gap-6 px-4 py-12 text-center sm:px-6">
      <Suspense fallback={<PaymentProcessing title="Processing Payment..." />}>
        <Await resolve={loaderData.capture} errorElement={<Captured {...notCaptured} />}>
          {(result) => <Captured {...result} />}
        </Await>
      </Suspense>
    </div>
  );
}

/** If the capture fails, the success layout is shown without details (spec). */
function Captured({ order, toast }: Capture) {
  useFlashToast(toast);
  useRefreshAfterPayment(Boolean(order));
  return (
    <>
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
    </>
  );
}
