import { eq, or } from "drizzle-orm";
import { customers } from "../../db/schema/index.ts";
import type { PrivacyPart } from "../part.ts";

/**
 * The back office's customer row (decision 054): the figures are recomputed from orders by the
 * triggers, but the staff's note and tags are written about the person, so they are exported and
 * the row is deleted (an erased person's kept, anonymised orders form no customer). A customer
 * imported from another shop's CSV also carries the name, phone and address the file gave.
 */
export const customerRecordPart: PrivacyPart = {
  name: "customerRecord",
  exportFor: async (db, { userId, email }) => {
    const rows = await db
      .select({
        note: customers.note,
        tags: customers.tags,
        since: customers.createdAt,
        name: customers.name,
        phone: customers.phone,
        importedAt: customers.importedAt,
        importedAddress: customers.importedAddress,
      })
      .from(customers)
      .where(or(eq(customers.emailKey, email), userId ? eq(customers.userId, userId) : undefined));
    return rows;
  },
  eraseFor: async (tx, { userId, email }) => {
    await tx
      .delete(customers)
      .where(or(eq(customers.emailKey, email), userId ? eq(customers.userId, userId) : undefined));
  },
};
