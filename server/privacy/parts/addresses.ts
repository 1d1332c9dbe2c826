import { eq } from "drizzle-orm";
import { customerAddresses } from "../../db/schema/index.ts";
import type { PrivacyPart } from "../part.ts";

/** The address book: exported as saved, deleted. */
export const addressesPart: PrivacyPart = {
  name: "addresses",
  exportFor: async (db, { userId }) => {
    if (!userId) return [];
    const rows = await db.select().from(customerAddresses).where(eq(customerAddresses.userId, userId));
    return rows.map(({ userId: _, ...address }) => address);
  },
  eraseFor: async (tx, { userId }) => {
    if (userId) await tx.delete(customerAddresses).where(eq(customerAddresses.userId, userId));
  },
};
