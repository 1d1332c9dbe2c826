import { Plus, X } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button.tsx";
import { Input } from "~/components/ui/input.tsx";
import {
  MAX_QUANTITY_TIERS,
  TIER_MAX_PERCENT,
  TIER_MAX_QUANTITY,
  TIER_MIN_PERCENT,
  TIER_MIN_QUANTITY,
} from "~core/pricing/quantity-tiers.ts";
import type { QuantityTierRow } from "~server/catalog/quantity-tiers.ts";

let nextKey = 0;
const rowKey = () => `tier-${++nextKey}`;

/** The product form's quantity tiers ("Buy 3, save 10%"); blank rows are dropped on save. */
export function QuantityTiersField({
  defaultValue,
  error,
}: {
  defaultValue: QuantityTierRow[];
  error?: string | undefined;
}) {
  const [rows, setRows] = useState(() => defaultValue.map((row) => ({ key: rowKey(), ...row })));
  const update = (key: string, field: keyof QuantityTierRow, value: string) =>
    setRows((r) => r.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border p-4" aria-describedby="quantity-tiers-hint">
      <legend className="px-1 font-display text-lg font-semibold">Quantity tiers</legend>
      <p id="quantity-tiers-hint" className="text-xs text-muted-foreground">
        Volume pricing by the units of this product in a cart, all its variants together: up to{" "}
        {MAX_QUANTITY_TIERS} tiers, {TIER_MIN_QUANTITY}–{TIER_MAX_QUANTITY} units, {TIER_MIN_PERCENT}–
        {TIER_MAX_PERCENT}% off; a larger quantity must save more.
      </p>
      {rows.map((row, index) => (
        <div key={row.key} className="flex flex-wrap items-center gap-2 text-sm">
          <span>Buy</span>
          <Input
            name="tierMinQuantity"
            type="number"
            min={TIER_MIN_QUANTITY}
            max={TIER_MAX_QUANTITY}
            step="1"
            className="w-20"
            aria-label={`Tier ${index + 1} quantity`}
            value={row.minQuantity}
            onChange={(e) => update(row.key, "minQuantity", e.target.value)}
          />
          <span>, save</span>
          <Input
            name="tierPercentOff"
            type="number"
            min={TIER_MIN_PERCENT}
            max={TIER_MAX_PERCENT}
            step="1"
            className="w-20"
            aria-label={`Tier ${index + 1} saving (%)`}
            value={row.percentOff}
            onChange={(e) => update(row.key, "percentOff", e.target.value)}
          />
          <span>%</span>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Remove tier ${index + 1}`}
            onClick={() => setRows((r) => r.filter((x) => x.key !== row.key))}
          >
            <X aria-hidden />
          </Button>
        </div>
      ))}
      <Button
        variant="outline"
        size="sm"
        className="w-fit"
        disabled={rows.length >= MAX_QUANTITY_TIERS}
        onClick={() => setRows((r) => [...r, { key: rowKey(), minQuantity: "", percentOff: "" }])}
      >
        <Plus aria-hidden />
        Add tier
      </Button>
      {error && (
        <p role="alert" className="text-sm text-destructive-text">
          {error}
        </p>
      )}
    </fieldset>
  );
}
