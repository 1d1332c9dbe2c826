import { CheckCircle2, Mail, Truck } from "lucide-react";
import { Link } from "react-router";
import { PaidOrderCard } from "~/components/store/paid-order.tsx";
import { PaymentProcessing, StreamedPaymentOutcome } from "~/components/store/payment-processing.tsx";
import { SubscriptionStarted } from "~/components/store/subscription-started.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { useRefreshAfterPayment } from "~/hooks/use-refresh-after-payment.ts";
import { keepPaymentResultOnRefresh, type PaymentOutcome } from "~/lib/store/payment-return.ts";
import { brand } from "~core/brand.ts";
import { redirectWithToast } from "~server/http/flash.ts";
import type { Route } from "./+types/payment-success";
import { paymentOutcome } from "./payment-return.server.ts";

export function meta() {
  return [{ title: `Payment | ${brand.name}` }, { name: "robots", content: "noindex" }];
}

const processingError = {
  title: "Processing Error",
  description: "There was an issue processing your payment. Please contact support.",
  variant: "destructive",
} as const;

/**
 * Shown when the streamed confirmation never arrives (the stream timed out or broke): nothing says
 * the payment failed, so the page says it is safe and checks again.
 */
const notConfirmed: PaymentOutcome = { order: null, toast: null, pending: true };

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
  return {
    confirmation: paymentOutcome(context, sessionId, {
      paid: { title: "Payment Successful!", variant: "success" },
      failed: processingError,
    }),
  };
}

export const shouldRevalidate = keepPaymentResultOnRefresh;

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
  return (
    <StreamedPaymentOutcome
      outcome={loaderData.confirmation}
      broken={notConfirmed}
      processing={
        <PaymentProcessing
          title="Processing your payment..."
          text="Please wait while we confirm your order"
        />
      }
    >
      {(outcome) => <Confirmed {...outcome} />}
    </StreamedPaymentOutcome>
  );
}

function Confirmed({ order, toast }: PaymentOutcome) {
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
          {order.subscription && <SubscriptionStarted subscription={order.subscription} />}
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
