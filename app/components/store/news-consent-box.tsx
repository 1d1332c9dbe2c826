import { NEWS_CONSENT_LABEL } from "~core/legal/marketing.ts";

/**
 * The unticked "Email me news and offers" box of sign-up and checkout (decision 048): a native
 * checkbox, so it costs the storefront bundle a few bytes. Ticking it only asks for the opt-in email.
 */
export function NewsConsentBox({ id }: { id: string }) {
  return (
    <label htmlFor={id} className="flex items-center gap-2 text-sm">
      <input id={id} type="checkbox" name="newsletter" value="on" className="size-4 accent-primary" />
      {NEWS_CONSENT_LABEL}
    </label>
  );
}
