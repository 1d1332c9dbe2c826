import { LoaderCircle } from "lucide-react";
import { type ReactNode, Suspense } from "react";
import { Await } from "react-router";
import type { PaymentOutcome } from "~/lib/payment-return.ts";

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
 * with it. When the stream breaks or times out, `children` gets `broken` (no order, a failure toast).
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
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center gap-6 px-4 py-12 text-center sm:px-6">
      <Suspense fallback={processing}>
        <Await resolve={outcome} errorElement={children(broken)}>
          {children}
        </Await>
      </Suspense>
    </div>
  );
}
