import { CheckCircle2, CreditCard } from "lucide-react";
import { Link } from "react-router";
import { PaidOrderCard } from "~/components/store/paid-order.tsx";
import { PaymentProcessing, StreamedPaymentOutcome } from "~/components/store/payment-processing.tsx";
import { SubscriptionStarted } from "~/components/store/subscription-started.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { useRefreshAfterPayment } from "~/hooks/use-refresh-after-payment.ts";
import { keepPaymentResultOnRefresh, type PaymentOutcome } from "~/lib/store/payment-return.ts";
import { brand } from "~core/brand.ts";
import type { Route } from "./+types/paypal-success";
import { paymentOutcome } from "./payment-return.server.ts";

export function meta() {
  return [{ title: `PayPal Payment | ${brand.name}` }, { name: "robots", content: "noindex" }];
}

const failed = {
  title: "Payment processing error",
  description: "There was an issue processing your PayPal payment. Please contact support.",
  variant: "destructive",
} as const;

const declined = {
  title: "Payment declined",
  description:
    "PayPal declined the payment method you chose. Choose another one at PayPal to finish your order.",
  variant: "destructive",
} as const;

/**
 * Shown when the streamed capture result never arrives (the stream timed out or broke): nothing
 * says the payment failed, so the page says it is safe and checks again.
 */
const notCaptured: PaymentOutcome = { order: null, toast: null, pending: true };

/** The capture is not awaited: the page streams 'Processing Payment...' first (spec). */
export async function loader({ request, context }: Route.LoaderArgs) {
  // One-time orders come back with ?token=<order id>&PayerID=…, subscriptions with ?subscription_id=…
  const params = new URL(request.url).searchParams;
  return {
    capture: paymentOutcome(context, params.get("subscription_id") ?? params.get("token"), {
      paid: {
        title: "Payment successful",
        description: "Your PayPal payment has been processed successfully.",
        variant: "success",
      },
      failed,
      declined,
    }),
  };
}

export const shouldRevalidate = keepPaymentResultOnRefresh;

export default function PaypalSuccess({ loaderData }: Route.ComponentProps) {
  return (
    <StreamedPaymentOutcome
      outcome={loaderData.capture}
      broken={notCaptured}
      processing={<PaymentProcessing title="Processing Payment..." />}
    >
      {(outcome) => (outcome.retryUrl ? <ChooseAgain {...outcome} /> : <Captured {...outcome} />)}
    </StreamedPaymentOutcome>
  );
}

/**
 * PayPal declined the funding source (INSTRUMENT_DECLINED): nothing was charged and PayPal wants
 * the buyer back on the same order's approval page to pick another card or account.
 */
function ChooseAgain({ toast, retryUrl }: PaymentOutcome) {
  useFlashToast(toast);
  return (
    <>
      <CreditCard className="size-14 text-destructive" aria-hidden />
      <h1 className="font-display text-4xl font-semibold">Choose another way to pay</h1>
      <p className="text-muted-foreground">
        PayPal declined the card or account you chose, so nothing was charged. Your order is kept: choose
        another payment method at PayPal to finish it.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <a href={retryUrl} className={buttonClass({})}>
          Choose another payment method at PayPal
        </a>
        <Link to="/checkout" className={buttonClass({ variant: "outline" })}>
          Back to checkout
        </Link>
      </div>
    </>
  );
}

/** If the capture fails, the success layout is shown without details (spec). */
function Captured({ order, toast }: PaymentOutcome) {
  useFlashToast(toast);
  useRefreshAfterPayment(Boolean(order));
  return (
    <>
      <CheckCircle2 className="size-14 text-success" aria-hidden />
      <h1 className="font-display text-4xl font-semibold">PayPal Payment Successful!</h1>
      {order && <PaidOrderCard order={order} />}
      {order?.subscription && <SubscriptionStarted subscription={order.subscription} />}
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
