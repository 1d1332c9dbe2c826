import { LoaderCircle, ShieldCheck } from "lucide-react";
import { type ReactNode, Suspense, useEffect } from "react";
import { Await, Link, useLocation, useNavigate } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { type PaymentOutcome, retryHref } from "~/lib/store/payment-return.ts";

/**
 * What a return page shows while the server confirms the payment with the provider (the page
 * streams this first, then the result). Without JavaScript the streamed result cannot replace it,
 * so those visitors are told where the result goes instead of only seeing a spinner.
 */
export function PaymentProcessing({ title, text }: { title: string; text?: string }) {
  return (
    <div role="status" className="flex flex-col items-center gap-4 py-12 text-center">
      <LoaderCircle className="size-12 animate-spin text-primary" aria-hidden />
      <h1 className="font-display text-3xl font-semibold">{title}</h1>
      {text && <p className="text-muted-foreground">{text}</p>}
      <noscript>
        <p className="text-muted-foreground">
          Once the payment is confirmed you will receive an email with your order details.
        </p>
      </noscript>
    </div>
  );
}

/**
 * A return page's body: the processing state until the streamed outcome arrives, then `children`
 * with it (or the "payment is safe" state when it is pending). When the stream breaks or times out,
 * `broken` is shown instead.
 */
export function StreamedPaymentOutcome({
  outcome,
  processing,
  broken,
  children,
}: {
  outcome: Promise<PaymentOutcome>;
  processing: ReactNode;
  broken: PaymentOutcome;
  children: (outcome: PaymentOutcome) => ReactNode;
}) {
  const show = (resolved: PaymentOutcome) => (resolved.pending ? <PaymentPending /> : children(resolved));
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center gap-6 px-4 py-12 text-center sm:px-6">
      <Suspense fallback={processing}>
        <Await resolve={outcome} errorElement={show(broken)}>
          {show}
        </Await>
      </Suspense>
    </div>
  );
}

/** Automatic retries before the page only offers the link (the reconciliation job carries on). */
const AUTO_RETRIES = 12;
const RETRY_MS = 5_000;

/**
 * The server could not confirm the payment yet (e.g. the database failed while marking the order
 * paid). The payment itself is safe: the order is completed by the server shortly and the
 * confirmation email follows, so instead of an error the page says so and tries again by itself.
 */
export function PaymentPending() {
  const location = useLocation();
  const navigate = useNavigate();
  const retry = retryHref(new URL(location.pathname + location.search, "http://return.page"));
  useEffect(() => {
    if (retry.attempt > AUTO_RETRIES) return;
    const timer = setTimeout(() => navigate(retry.href, { replace: true }), RETRY_MS);
    return () => clearTimeout(timer);
  }, [navigate, retry.href, retry.attempt]);
  return (
    <div role="status" className="flex flex-col items-center gap-4 py-12 text-center">
      <ShieldCheck className="size-12 text-success" aria-hidden />
      <h1 className="font-display text-3xl font-semibold">Your payment is safe</h1>
      <p className="text-muted-foreground">
        We are still confirming your order. This page checks again in a few seconds, and you will receive a
        confirmation email as soon as the order is complete. There is no need to pay again.
      </p>
      <Link to={retry.href} replace className={buttonClass({ variant: "outline" })}>
        Check again
      </Link>
    </div>
  );
}
