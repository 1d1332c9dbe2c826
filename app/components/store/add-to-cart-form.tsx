import { ShoppingBag } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "~/components/ui/button.tsx";
import { toast } from "~/components/ui/toaster.tsx";
import { cn } from "~/lib/cn.ts";
import { MAX_LINE_QUANTITY } from "~core/catalog/cart-quantity.ts";
import type { ProductSummary } from "~core/catalog/catalog.ts";
import { CartForm, cartBusyProps, useCartFetcher } from "./cart-form.tsx";
import { QuantityStepper } from "./quantity-stepper.tsx";

type AddToCartFormProps = {
  product: Pick<ProductSummary, "id" | "name" | "soldOut">;
  /** The product page lets the shopper choose a quantity; grid cards add one. */
  withQuantity?: boolean;
  className?: string;
  /**
   * The product page's variant picker (radios named variantId, posted with the form) and the
   * variant chosen in it: its title names what was added, its sold-out flag replaces the button.
   */
  picker?: { radios: React.ReactNode; chosen: { title: string; soldOut: boolean } };
  /** The product page's purchase choice (radios named purchaseType, posted with the form). */
  purchase?: React.ReactNode;
  /** The form's id, for a submit button outside it (the phone's sticky bar). */
  id?: string;
};

/** Add to Cart for one product; sold-out products get a disabled SOLD OUT button instead. */
export function AddToCartForm({
  product,
  withQuantity = false,
  className,
  picker,
  purchase,
  id,
}: AddToCartFormProps) {
  const [quantity, setQuantity] = useState(1);
  const added = picker ? `${product.name} (${picker.chosen.title})` : product.name;
  const fetcher = useCartFetcher({
    onAdded: () => toast.success("Added to cart", { description: added }),
    inlineErrors: withQuantity,
  });
  const inputId = useId();
  const errorId = useId();
  const error = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;

  // With a picker the form stays, so another variant can still be chosen (and posted without JavaScript).
  if (product.soldOut && !picker) {
    return (
      <Button disabled variant="outline" className={cn("w-full", className)}>
        SOLD OUT
      </Button>
    );
  }

  return (
    // noValidate: the server's message is shown for any bad quantity, the same with or without JS.
    <CartForm id={id} fetcher={fetcher} noValidate className={cn("flex flex-col gap-3", className)}>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={product.id} />
      {picker?.radios}
      {withQuantity ? (
        <div className="flex flex-col gap-2">
          <label htmlFor={inputId} className="text-sm font-medium">
            Quantity
          </label>
          <QuantityStepper
            id={inputId}
            name="quantity"
            value={quantity}
            onChange={setQuantity}
            max={MAX_LINE_QUANTITY}
            itemName={product.name}
            errorId={error ? errorId : undefined}
          />
          {error && (
            <p id={errorId} role="alert" className="text-sm text-destructive-text">
              {error}
            </p>
          )}
        </div>
      ) : (
        <input type="hidden" name="quantity" value="1" />
      )}
      {purchase}
      {picker?.chosen.soldOut ? (
        <Button disabled variant="outline" size="lg" className="w-full">
          SOLD OUT
        </Button>
      ) : (
        <Button
          type="submit"
          {...cartBusyProps(fetcher)}
          size={withQuantity ? "lg" : "default"}
          className="w-full"
        >
          <ShoppingBag aria-hidden />
          Add to Cart
          {/* In a grid every button reads the same: say which product (visible text stays first). */}
          {!withQuantity && <span className="sr-only">: {product.name}</span>}
        </Button>
      )}
    </CartForm>
  );
}
