import { Button } from "~/components/ui/button.tsx";
import { Input } from "~/components/ui/input.tsx";
import { NEWSLETTER_FORM_LABEL } from "~core/legal/marketing.ts";

type NewsletterFormProps = { id: string; email?: string; error?: string };

/**
 * The newsletter sign-up (decision 048): a plain HTML post to /newsletter, so it works without
 * JavaScript and adds nothing to the storefront bundle. The address is confirmed by email first.
 */
export function NewsletterForm({ id, email, error }: NewsletterFormProps) {
  const errorId = `${id}-error`;
  return (
    <form method="post" action="/newsletter" noValidate className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm text-muted-foreground">
        {NEWSLETTER_FORM_LABEL}
      </label>
      <div className="flex gap-2">
        <Input
          id={id}
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={email}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <Button type="submit" variant="outline">
          Subscribe
        </Button>
      </div>
      {error && (
        <p id={errorId} className="text-sm text-destructive-text">
          {error}
        </p>
      )}
    </form>
  );
}
