import { eq } from "drizzle-orm";
import { z } from "zod";
import type { CertificateSlot } from "../../core/catalog/certificate-slots.ts";
import { imageUrlField } from "../../core/forms/admin-fields.ts";
import { recordChange } from "../audit/record.ts";
import type { Db } from "../db/client.ts";
import { certificates } from "../db/schema/index.ts";

export const certificateSlotSchema = z.coerce
  .number("Choose certificate 1 or 2")
  .pipe(z.union([z.literal(1), z.literal(2)], "Choose certificate 1 or 2"));

export const certificateInputSchema = z.object({
  slot: certificateSlotSchema,
  imageUrl: imageUrlField.refine((v) => v !== "", "Choose an image for the certificate"),
});
export type CertificateInput = z.output<typeof certificateInputSchema>;
export type AdminCertificate = typeof certificates.$inferSelect;

export function listAdminCertificates(db: Db): Promise<AdminCertificate[]> {
  return db.select().from(certificates).orderBy(certificates.displayOrder);
}

/**
 * Fills a slot or replaces its image (spec: update the slot's row, or insert one marked active);
 * one row per slot is kept by the unique display order, so there are never more than 2.
 */
export async function saveCertificate(db: Db, { slot, imageUrl }: CertificateInput) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(certificates).where(eq(certificates.displayOrder, slot));
    const [row] = await tx
      .insert(certificates)
      .values({ displayOrder: slot, title: `Certificate ${slot}`, imageUrl, active: true })
      .onConflictDoUpdate({ target: certificates.displayOrder, set: { imageUrl, active: true } })
      .returning();
    await recordChange(tx, {
      ...certificateEntry(row!),
      action: before ? "update" : "create",
      before: before ?? null,
      after: row!,
    });
    return row!;
  });
}

/** Empties a slot; false when it was empty already. */
export async function deleteCertificate(db: Db, slot: CertificateSlot): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx.delete(certificates).where(eq(certificates.displayOrder, slot)).returning();
    if (!before) return false;
    await recordChange(tx, { ...certificateEntry(before), action: "delete", before, after: null });
    return true;
  });
}

/** Certificates in the audit log: by row, called by their slot. */
const certificateEntry = (row: AdminCertificate) => ({
  entityType: "certificate",
  entityId: row.id,
  entityLabel: row.title,
});
