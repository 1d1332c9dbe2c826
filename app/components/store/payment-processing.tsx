import { LoaderCircle } from "lucide-react";

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
