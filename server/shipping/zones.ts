import { asc, eq, sql } from "drizzle-orm";
import type { ShippingZoneInput } from "../../core/forms/shipping-forms.ts";
import { deleteTracked, insertTracked, type Tracked, updateTracked } from "../audit/tracked.ts";
import type { Db, Tx } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { shippingZones } from "../db/schema/index.ts";
import { ConflictError, NotFoundError } from "../errors.ts";

export type ShippingZoneRow = typeof shippingZones.$inferSelect;

/** Every zone, the country defaults first (the owner's list and the quote's input). */
export function listShippingZones(db: Db | Tx): Promise<ShippingZoneRow[]> {
  return db
    .select()
    .from(shippingZones)
    .orderBy(sql`cardinality(${shippingZones.states}) > 0`, asc(shippingZones.zoneName));
}

const notFound = () =>
  new NotFoundError({
    title: "Zone not found",
    description: "It was deleted meanwhile; the list is up to date.",
  });

/** Adds a zone (id empty) or changes one; a second whole-country zone is refused. */
export async function saveShippingZone(db: Db, id: string, input: ShippingZoneInput): Promise<void> {
  const values = { ...input, freeOverCents: input.freeOver, priceCents: input.price, country: "US" };
  const [existing] =
    id && isUuid(id) ? await db.select().from(shippingZones).where(eq(shippingZones.id, id)) : [];
  if (id && !existing) throw notFound();
  const zones = await listShippingZones(db);
  if (existing && existing.states.length === 0 && input.states.length > 0)
    throw new ConflictError({
      title: "The default zone covers every state",
      description: "Keep its states empty; add another zone for particular states.",
    });
  if (!existing && input.states.length === 0 && zones.some((z) => z.states.length === 0))
    throw new ConflictError({
      title: "The United States already has a default zone",
      description: "Name the states this zone covers, e.g. AK, HI.",
    });
  if (existing) await updateTracked(db, shippingZones, existing.id, values, trackedZone);
  else await insertTracked(db, shippingZones, values, trackedZone);
}

/** Shipping zones in the audit log, by name. */
const trackedZone: Tracked<typeof shippingZones> = { entityType: "shipping-zone", label: (z) => z.zoneName };

/** Deletes a state zone (its states fall back to the default zone); the default zone stays. */
export async function deleteShippingZone(db: Db, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound();
  // The default zone (no states) is never deleted: the rule is part of the delete statement.
  const stateZone = sql`cardinality(${shippingZones.states}) > 0`;
  if (!(await deleteTracked(db, shippingZones, id, trackedZone, stateZone))) throw notFound();
}
