import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { imageUrlField, orNull, websiteUrlField } from "../../core/forms/admin-fields.ts";
import { deleteTracked, recordCreated, type Tracked, updateTracked } from "../audit/tracked.ts";
import type { Db } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { partners } from "../db/schema/index.ts";

/** The partner form: name required; the website must be an http(s) URL (it becomes a link). */
export const partnerInputSchema = z.object({
  name: z.string().trim().min(1, "Name is required").max(100, "Name must be at most 100 characters"),
  logoUrl: imageUrlField,
  websiteUrl: websiteUrlField,
  description: z.string().trim().max(1000, "Description must be at most 1000 characters"),
  active: z.boolean(),
});
export type PartnerInput = z.output<typeof partnerInputSchema>;
export type AdminPartner = typeof partners.$inferSelect;

function columns(input: PartnerInput) {
  return {
    ...input,
    logoUrl: orNull(input.logoUrl),
    websiteUrl: orNull(input.websiteUrl),
    description: orNull(input.description),
  };
}

export function listAdminPartners(db: Db): Promise<AdminPartner[]> {
  return db.select().from(partners).orderBy(desc(partners.createdAt));
}

export async function getAdminPartner(db: Db, id: string): Promise<AdminPartner | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(partners).where(eq(partners.id, id));
  return row ?? null;
}

export async function createAdminPartner(db: Db, input: PartnerInput): Promise<AdminPartner> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(partners).values(columns(input)).returning();
    await recordCreated(tx, row!, trackedPartner);
    return row!;
  });
}

/** null when the partner no longer exists. */
export async function updateAdminPartner(
  db: Db,
  id: string,
  input: PartnerInput,
): Promise<AdminPartner | null> {
  if (!isUuid(id)) return null;
  return updateTracked(db, partners, id, columns(input), trackedPartner);
}

export async function deleteAdminPartner(db: Db, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  return deleteTracked(db, partners, id, trackedPartner);
}

/** Partners in the audit log, by name. */
const trackedPartner: Tracked<typeof partners> = { entityType: "partner", label: (p) => p.name };
