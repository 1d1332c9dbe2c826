import { Button } from "~/components/ui/button.tsx";
import { Input } from "~/components/ui/input.tsx";
import { NEWSLETTER_FORM_LABEL } from "~core/legal/marketing.ts";

/**
 * The newsletter sign-up (decision 048): a plain HTML post to /newsletter, so it works without
 * JavaScript. Kept minimal (it is in every storefront page's bundle): /newsletter shows errors.
 */
export function NewsletterForm({ id, email }: { id: string; email?: string }) {
  return (
    <form method="post" action="/newsletter" noValidate className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm text-muted-foreground">
        {NEWSLETTER_FORM_LABEL}
      </label>
      <div className="flex gap-2">
        <Input id={id} name="email" type="email" autoComplete="email" defaultValue={email} />
        <Button type="submit" variant="outline">
          Subscribe
        </Button>
      </div>
    </form>
  );
}
