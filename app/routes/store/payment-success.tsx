import { CheckCircle2, Mail, Truck } from "lucide-react";
import { Suspense } from "react";
import { Await, Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { type PaidOrder, PaidOrderCard, toPaidOrder } from "~/components/store/paid-order.tsx";
import { PaymentProcessing } from "~/components/store/payment-processing.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { useRefreshAfterPayment } from "~/hooks/use-refresh-after-payment.ts";
import { type ActionToast, actionToast } from "~/lib/action-toast.ts";
import { brand } from "~/lib/brand.ts";
import { redirectWithToast } from "~/lib/flash.server.ts";
import { processReturn } from "~server/checkout/return-page.server.ts";
import type { RequestContext } from "~server/context.ts";
import type { Route } from "./+types/payment-success";

export function meta() {
  return [{ title: `Payment | ${brand.name}` }, { name: "robots", content: "noindex" }];
}

type Confirmation = { order: PaidOrder | null; toast: ActionToast };

const processingError = {
  title: "Processing Error",
  description: "There was an issue processing your payment. Please contact support.",
  variant: "destructive",
} as const;

/** Shown when the streamed confirmation never arrives (the stream timed out or broke). */
const notConfirmed: Confirmation = { order: null, toast: { ...processingError, id: "not-confirmed" } };

async function confirm(context: RequestContext, sessionId: string): Promise<Confirmation> {
  const order = await processReturn(context, sessionId);
  if (!order) return { order: null, toast: actionToast(processingError) };
  return {
    order: toPaidOrder(order),
    toast: actionToast({ title: "Payment Successful!", variant: "success" }),
  };
}

/** The confirmation is not awaited: the page streams 'Processing your payment...' first (spec). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const sessionId = new URL(request.url).searchParams.get("session_id");
  if (!sessionId) {
    throw await redirectWithToast("/checkout", {
      title: "Payment Error",
      description: "No payment session found. Please contact support.",
      variant: "destructive",
    });
  }
  return { confirmation: confirm(context, sessionId) };
}

/** Refreshing after payment (same URL) reloads the layout's cart only, not the confirmation. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return currentUrl.href === nextUrl.href ? false : defaultShouldRevalidate;
}

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center gap-6 px-4 py-12 text-center sm:px-6">
      <Suspense
        fallback={
          <PaymentProcessing
            title="Processing your payment..."
            text="Please wait while we confirm your order"
          />
        }
      >
        <Await resolve={loaderData.confirmation} errorElement={<Confirmed {...notConfirmed} />}>
          {(confirmation) => <Confirmed {...confirmation} />}
        </Await>
      </Suspense>
    </div>
  );
}

function Confirmed({ order, toast }: Confirmation) {
  useFlashToast(toast);
  useRefreshAfterPayment(Boolean(order));
  return (
    <>
      {order ? (
        <>
          <CheckCircle2 className="size-14 text-success" aria-hidden />
          <h1 className="font-display text-4xl font-semibold">Payment Successful!</h1>
          <p className="text-muted-foreground">
            Thank you for your order. A confirmation email is on its way.
          </p>
          <PaidOrderCard order={order} />
          <section aria-labelledby="next-title" className="w-full rounded-lg border bg-card p-5 text-left">
            <h2 id="next-title" className="font-display text-xl font-semibold">
              What's Next?
            </h2>
            <ul className="mt-3 flex flex-col gap-2 text-sm">
              <li className="flex gap-2">
                <Mail className="size-4 shrink-0" aria-hidden /> You'll receive an email confirmation with
                your order details.
              </li>
              <li className="flex gap-2">
                <Truck className="size-4 shrink-0" aria-hidden /> We'll send you tracking information once
                your order ships.
              </li>
            </ul>
          </section>
        </>
      ) : (
        <>
          <h1 className="font-display text-4xl font-semibold">Processing Error</h1>
          <p className="text-muted-foreground">
            There was an issue processing your payment. Please contact support.
          </p>
        </>
      )}
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/products" className={buttonClass({ variant: "outline" })}>
          Continue Shopping
        </Link>
        <Link to="/orders" className={buttonClass({})}>
          View Orders
        </Link>
      </div>
    </>
  );
}
