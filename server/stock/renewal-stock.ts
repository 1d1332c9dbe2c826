import type { Tx } from "../db/client.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { RenewalOutOfStockProps } from "../mail/templates/renewal-out-of-stock.tsx";
import { heldUnits, lockTrackedVariants, unitsByVariant } from "./locked-variants.ts";

type RenewalItem = { variantId?: string | null; quantity: number };

/**
 * The tracked variants a sandbox renewal cannot be filled from (less free than subscribed), by
 * name; empty when it can. Locks those rows (id order) so the renewal's own take that follows in
 * the same transaction sees the same counts.
 */
export async function renewalShortage(tx: Tx, items: RenewalItem[], now: Date): Promise<string[]> {
  const wanted = unitsByVariant(items.map((i) => ({ variantId: i.variantId ?? null, quantity: i.quantity })));
  const tracked = await lockTrackedVariants(tx, [...wanted.keys()]);
  if (tracked.size === 0) return [];
  const held = await heldUnits(tx, [...tracked.keys()], now);
  return [...tracked.values()]
    .filter((v) => wanted.get(v.id)! > v.stockQuantity - (held.get(v.id) ?? 0))
    .map((v) => v.name);
}

/** Tells the subscriber a renewal was skipped or back-ordered; a failing email never fails the renewal. */
export async function sendRenewalStockEmail(
  mailer: Pick<Mailer, "send">,
  to: string | null,
  props: RenewalOutOfStockProps,
): Promise<void> {
  if (!to) return;
  await mailer
    .send({
      to,
      subject: "Your subscription renewal is out of stock",
      template: "renewal-out-of-stock",
      props,
    })
    .catch(() => undefined);
}
