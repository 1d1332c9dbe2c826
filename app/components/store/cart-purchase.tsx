import { Button } from "~/components/ui/button.tsx";
import { useHydrated } from "~/hooks/use-hydrated.ts";
import { CartForm, useCartFetcher } from "./cart-form.tsx";
import { PurchaseChoice } from "./purchase-choice.tsx";
import { cartActionPath, useCartPurchase } from "./use-cart.ts";

/**
 * The cart's purchase choice (issue 31): one-time or "Subscribe & save 15%", kept with the cart
 * for checkout. A change is saved at once; without JavaScript a Save button posts it.
 */
export function CartPurchase() {
  const { purchaseType, signedIn } = useCartPurchase();
  const fetcher = useCartFetcher();
  const hydrated = useHydrated();
  return (
    <CartForm fetcher={fetcher} className="mb-4 flex flex-col gap-2">
      <input type="hidden" name="intent" value="purchase-type" />
      <PurchaseChoice
        value={purchaseType}
        signedIn={signedIn}
        // flushSync: the in-flight choice is rendered within the click, so the controlled radio
        // shows it at once instead of snapping back until a transition renders it.
        onChange={(value) =>
          fetcher.submit(
            { intent: "purchase-type", purchaseType: value },
            { method: "post", action: cartActionPath, flushSync: true },
          )
        }
      />
      {!hydrated && (
        <Button type="submit" variant="outline" size="sm" className="self-start">
          Save choice
        </Button>
      )}
    </CartForm>
  );
}
