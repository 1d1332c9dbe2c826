import { Minus, Plus, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { variantLineText } from "~/lib/store/product-variants.ts";
import { MAX_LINE_QUANTITY } from "~core/catalog/cart-quantity.ts";
import { productPath } from "~core/catalog/catalog.ts";
import { shortageMessage } from "~core/catalog/stock.ts";
import type { PricedCartLine } from "~core/pricing/cart-pricing.ts";
import { formatMoney } from "~core/pricing/money.ts";
import { CartForm, cartBusyProps, useCartFetcher } from "./cart-form.tsx";
import { ProductImage } from "./product-image.tsx";

const unavailableText = {
  sold_out: "Sold out: remove it to check out",
  deleted: "No longer available: remove it to check out",
} as const;

/** One cart line: image, name, weight, minus/plus, line total, unit price and Remove. */
export function CartLineItem({ line, onNavigate }: { line: PricedCartLine; onNavigate?: () => void }) {
  const available = line.status === "available";
  return (
    <li className="flex gap-3 py-4">
      <ProductImage
        src={line.imageUrl}
        alt=""
        width={80}
        height={80}
        className="size-20 shrink-0 rounded-md border"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-start justify-between gap-2">
          <h3 className="font-sans text-sm leading-snug font-semibold">
            {line.slug ? (
              <Link
                to={productPath(line.slug)}
                onClick={onNavigate}
                className="rounded-sm hover:text-primary"
              >
                {line.name}
              </Link>
            ) : (
              line.name
            )}
          </h3>
          <span className="text-sm font-semibold text-primary tabular-nums">
            {available ? formatMoney(line.lineTotalCents) : "—"}
          </span>
        </div>
        <p className="text-xs text-muted-foreground">{variantLineText(line.weight)}</p>
        {available && line.unitPriceCents !== null ? (
          <p className="text-xs text-muted-foreground">
            {formatMoney(line.unitPriceCents)} each
            {line.volumeDiscountCents > 0 && (
              <span className="text-primary">
                {" "}
                · Volume saving {line.volumePercentOff}%: -{formatMoney(line.volumeDiscountCents)}
              </span>
            )}
          </p>
        ) : (
          <Badge variant="destructive">{unavailableText[line.status as keyof typeof unavailableText]}</Badge>
        )}
        <StockShortfall line={line} />
        <div className="mt-1 flex items-center justify-between gap-2">
          <LineQuantity line={line} />
          <RemoveLine line={line} />
        </div>
      </div>
    </li>
  );
}

/** A tracked line asking more than is free: checkout would refuse it, so say so here first. */
function StockShortfall({ line }: { line: PricedCartLine }) {
  const available = line.available ?? null;
  if (line.status !== "available" || available === null || line.quantity <= available) return null;
  return (
    <p role="status" className="text-xs font-medium text-destructive-text">
      {shortageMessage(line.name, available)}
    </p>
  );
}

function LineQuantity({ line }: { line: PricedCartLine }) {
  const minus = useCartFetcher();
  const plus = useCartFetcher();
  const canRaise =
    line.status === "available" &&
    line.quantity < MAX_LINE_QUANTITY &&
    (line.available == null || line.quantity < line.available);
  // Quantities are absolute: the other button also waits, so two changes never cross.
  const busyProps = cartBusyProps(minus, plus);
  return (
    <div className="flex items-center rounded-md border border-input">
      <CartForm fetcher={minus}>
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="lineId" value={line.lineId} />
        <input type="hidden" name="quantity" value={line.quantity - 1} />
        {/* Minus does nothing at quantity 1 (spec): Remove is the way out. */}
        <Button
          type="submit"
          variant="ghost"
          size="icon"
          className="size-8"
          disabled={line.quantity <= 1}
          {...busyProps}
          aria-label={`Decrease quantity of ${line.name}`}
        >
          <Minus aria-hidden />
        </Button>
      </CartForm>
      <output className="w-8 text-center text-sm tabular-nums" aria-label={`Quantity of ${line.name}`}>
        {line.quantity}
      </output>
      <CartForm fetcher={plus}>
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="lineId" value={line.lineId} />
        <input type="hidden" name="quantity" value={line.quantity + 1} />
        <Button
          type="submit"
          variant="ghost"
          size="icon"
          className="size-8"
          disabled={!canRaise}
          {...busyProps}
          aria-label={`Increase quantity of ${line.name}`}
        >
          <Plus aria-hidden />
        </Button>
      </CartForm>
    </div>
  );
}

function RemoveLine({ line }: { line: PricedCartLine }) {
  const fetcher = useCartFetcher();
  return (
    <CartForm fetcher={fetcher}>
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="lineId" value={line.lineId} />
      <Button
        type="submit"
        {...cartBusyProps(fetcher)}
        variant="ghost"
        size="sm"
        className="h-8 px-2 text-muted-foreground hover:text-destructive-text"
        aria-label={`Remove ${line.name}`}
      >
        <Trash2 aria-hidden />
        Remove
      </Button>
    </CartForm>
  );
}
