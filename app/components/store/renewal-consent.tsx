/** The terms and consent box the page shows (texts from the loader: decision 015's budget). */
export type RenewalTermsView = { paragraphs: string[]; hash: string; consentLabel: string };

/**
 * The automatic-renewal terms next to the pay button, with an unticked consent box (decision 046).
 * Shown only while "Monthly subscription" is chosen — by CSS on the checkout form, so it works
 * without JavaScript; the server refuses a subscription without the box.
 */
export function RenewalConsent({ terms, error }: { terms: RenewalTermsView; error?: string }) {
  return (
    <fieldset className="mt-5 hidden rounded-md border p-3 text-sm group-has-[[value=subscription]:checked]:block">
      <legend className="px-1 font-semibold">Automatic renewal terms</legend>
      <input type="hidden" name="renewalTermsHash" value={terms.hash} />
      {terms.paragraphs.map((text) => (
        <p key={text} className="mt-2 text-muted-foreground">
          {text}
        </p>
      ))}
      <label className="mt-3 flex cursor-pointer items-start gap-2 font-medium">
        <input type="checkbox" name="renewalConsent" value="yes" className="mt-1 accent-primary" />
        {terms.consentLabel}
      </label>
      {error && (
        <p role="alert" className="mt-2 text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
