/** Beside the Pay button: the policies an order accepts, opened in a new tab so the checkout stays. */
export function PolicyAgreement() {
  return (
    <p className="mt-3 text-xs text-muted-foreground">
      By placing your order you agree to the{" "}
      <a href="/policies/terms" target="_blank" className="underline" rel="noopener">
        Terms
      </a>{" "}
      and the{" "}
      <a href="/policies/refunds" target="_blank" className="underline" rel="noopener">
        Refund policy
      </a>
      .
    </p>
  );
}
