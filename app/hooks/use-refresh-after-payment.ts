import { useEffect } from "react";
import { useRevalidator } from "react-router";

/**
 * A return page fulfils the order in its own loader, which runs alongside the layout's: the
 * header may have read the cart before fulfilment emptied it. Once a paid order is on screen,
 * the loaders run once more so the header shows the emptied cart.
 */
export function useRefreshAfterPayment(paid: boolean) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (paid) void revalidate();
  }, [paid, revalidate]);
}
