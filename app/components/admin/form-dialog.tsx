import type * as React from "react";
import { useNavigate } from "react-router";
import { Dialog, DialogContent, DialogHeader, DialogTitle } from "~/components/ui/dialog.tsx";

/**
 * A dialog opened by the page's address (`?new`, `?edit=<id>`, …); closing it goes back to
 * `closeTo`. Radix renders dialogs in a portal, which does not exist in the server's HTML, so
 * without JavaScript the same content is shown in place (inside <noscript>, which a browser
 * running scripts ignores).
 */
export function FormDialog({
  open,
  closeTo,
  title,
  className,
  children,
}: {
  open: boolean;
  closeTo: string;
  title: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <>
      {open && (
        <noscript>
          <section
            aria-label={typeof title === "string" ? title : undefined}
            className="mb-8 rounded-lg border bg-card p-6"
          >
            <h2 className="mb-4 font-display text-xl font-semibold">{title}</h2>
            {children}
          </section>
        </noscript>
      )}
      <Dialog open={open} onOpenChange={(next) => !next && navigate(closeTo, { preventScrollReset: true })}>
        <DialogContent aria-describedby={undefined} className={className}>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
          </DialogHeader>
          {children}
        </DialogContent>
      </Dialog>
    </>
  );
}
