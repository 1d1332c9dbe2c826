import { Link } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Card, CardContent, CardHeader } from "~/components/ui/card.tsx";
import type { LowStockVariant } from "~server/stock/low-stock.ts";

/** The dashboard's low-stock list: sold-out variants and tracked ones at or under their threshold, each linking to its stock. */
export function LowStockCard({ variants }: { variants: LowStockVariant[] }) {
  return (
    <Card className="mt-6">
      <CardHeader>
        <h2 className="font-display text-xl leading-tight font-semibold">Low stock</h2>
      </CardHeader>
      <CardContent>
        {variants.length === 0 ? (
          <p className="text-sm text-muted-foreground">No variant is low on stock</p>
        ) : (
          <ul aria-label="Low stock" className="flex flex-col gap-2">
            {variants.map((v) => (
              <li key={v.sku} className="flex items-baseline justify-between gap-3 text-sm">
                <Link to={`/admin/products/${v.productId}/stock`} className="min-w-0 truncate text-primary">
                  {v.productName} ({v.variantTitle})
                </Link>
                {v.soldOut ? (
                  <Badge variant="destructive">Sold out</Badge>
                ) : v.stockQuantity === 0 ? (
                  <Badge variant="destructive">Out of stock</Badge>
                ) : (
                  <span className="shrink-0 text-muted-foreground">{v.stockQuantity} left</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
