import type { Db } from "../db/client.ts";
import { heldUnits } from "./locked-variants.ts";

/**
 * Units free to buy per tracked variant among `variants` (stock less unexpired holds, never
 * below zero), for the cart's "Only N left". Untracked variants are absent; no query without any.
 */
export async function freeUnits(
  db: Db,
  variants: ({ id: string; stockQuantity: number | null } | null)[],
  now = new Date(),
): Promise<Map<string, number>> {
  const tracked = variants.filter(
    (v): v is { id: string; stockQuantity: number } => v?.stockQuantity != null,
  );
  if (tracked.length === 0) return new Map();
  const held = await heldUnits(
    db,
    tracked.map((v) => v.id),
    now,
  );
  return new Map(tracked.map((v) => [v.id, Math.max(0, v.stockQuantity - (held.get(v.id) ?? 0))]));
}
