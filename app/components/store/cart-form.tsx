import { useEffect, useRef } from "react";
import { useFetcher, useLocation } from "react-router";
import { toast } from "~/components/ui/toaster.tsx";
import { useHydrated } from "~/hooks/use-hydrated.ts";
import { cartActionPath } from "./use-cart.ts";

/** What the cart action answers to script-driven submissions. */
export type CartActionData =
  | { ok: true; intent: "add" | "update" | "remove" | "purchase-type" }
  | { ok: false; error: string };

/**
 * A fetcher for one cart form: refusals from the server become a toast unless the form shows
 * them inline (the optimistic change is rolled back by the revalidated cart). `onAdded` runs
 * after a successful add.
 */
export function useCartFetcher(options: { onAdded?: () => void; inlineErrors?: boolean } = {}) {
  const fetcher = useFetcher<CartActionData>();
  // A ref, so a new callback on every render does not re-run the effect (and repeat the toast).
  const onAdded = useRef(options.onAdded);
  onAdded.current = options.onAdded;
  const inlineErrors = options.inlineErrors ?? false;
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (!fetcher.data.ok) {
      if (!inlineErrors) toast.destructive("Your cart was not updated", fetcher.data.error);
    } else if (fetcher.data.intent === "add") onAdded.current?.();
  }, [fetcher.state, fetcher.data, inlineErrors]);
  return fetcher;
}

type CartFormProps = { className?: string; children: React.ReactNode; noValidate?: boolean; id?: string } & {
  fetcher: ReturnType<typeof useCartFetcher>;
};

/**
 * A form posting to the cart action. Before JavaScript runs it is a plain form post that
 * comes back to this page (redirectTo); afterwards the fetcher submits it in place.
 * Its submit buttons should carry aria-disabled while the fetcher is busy (see cartBusyProps).
 */
export function CartForm({ fetcher, children, ...props }: CartFormProps) {
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();
  return (
    <fetcher.Form
      method="post"
      action={cartActionPath}
      onSubmit={(event) => {
        // One change at a time per form: a second submit would abort the first in the browser,
        // which may then never reach the server (a lost add), or arrive out of order.
        if (fetcher.state !== "idle") event.preventDefault();
      }}
      {...props}
    >
      {!hydrated && <input type="hidden" name="redirectTo" value={pathname + search} />}
      {children}
    </fetcher.Form>
  );
}

/** aria-disabled (not disabled, which would drop keyboard focus) while a cart change is answered. */
export function cartBusyProps(...fetchers: ReturnType<typeof useCartFetcher>[]) {
  const busy = fetchers.some((f) => f.state !== "idle");
  return {
    "aria-disabled": busy || undefined,
    onClick: (event: React.MouseEvent) => {
      if (busy) event.preventDefault();
    },
  };
}
