import type * as React from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button.tsx";

type LinkActionPageProps = {
  heading: string;
  children: React.ReactNode;
  /** The button that does what the link is for; absent once done or when the link is bad. */
  action?: string;
};

/**
 * The page behind a signed email link (unsubscribe, newsletter confirmation). Opening it changes
 * nothing — link scanners prefetch email links — only its button (a plain post) does.
 */
export function LinkActionPage({ heading, children, action }: LinkActionPageProps) {
  return (
    <section role="status" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="font-display text-3xl font-semibold">{heading}</h1>
      <p className="mt-2 text-muted-foreground">{children}</p>
      {action && (
        <form method="post" className="mt-6">
          <Button type="submit">{action}</Button>
        </form>
      )}
      <Link to="/" className="mt-6 inline-block text-primary underline-offset-4 hover:underline">
        Back to the shop
      </Link>
    </section>
  );
}
