import { Button } from "~/components/ui/button.tsx";
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
} from "~/components/ui/sheet.tsx";
import { CartEmpty, CartLines, CartSummary, CheckoutButton } from "./cart-view.tsx";
import { useCart } from "./use-cart.ts";

/**
 * The cart drawer: from the right, full width on small screens and 24rem from `sm` up.
 * Links inside close it; the layout also closes it on any navigation.
 */
export function CartDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const cart = useCart();
  const close = () => onOpenChange(false);

  const empty = cart.lines.length === 0 && cart.quantity === 0;
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="right" width="24rem" fullWidthOnMobile aria-describedby={undefined}>
        {empty ? (
          <CartEmpty titleAs={SheetTitle} onNavigate={close} />
        ) : (
          <>
            <SheetHeader>
              <SheetTitle>Your Cart</SheetTitle>
              <SheetDescription className="sr-only">Items in your cart and the order total</SheetDescription>
            </SheetHeader>
            <CartLines cart={cart} onNavigate={close} />
            <SheetFooter className="border-t pt-4">
              <CartSummary cart={cart}>
                <Button variant="outline" className="w-full" onClick={close}>
                  Continue Shopping
                </Button>
                <CheckoutButton cart={cart} label="Checkout" onNavigate={close} />
              </CartSummary>
            </SheetFooter>
          </>
        )}
      </SheetContent>
    </Sheet>
  );
}
