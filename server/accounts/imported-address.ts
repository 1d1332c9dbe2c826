import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { customers, user } from "../db/schema/index.ts";
import { ConflictError } from "../errors.ts";
import { saveAddress } from "./addresses.ts";

/**
 * An imported guest customer's default address (the customers CSV import) joins the address book
 * of the account that now has the email — only once the email is verified, as guest orders do
 * (decision 037). Taken from the customers row by its id, so it is added once.
 */
export async function attachImportedAddress(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: customers.id, address: customers.importedAddress })
    .from(customers)
    .innerJoin(user, eq(user.id, customers.userId))
    .where(
      and(eq(customers.userId, userId), eq(user.emailVerified, true), isNotNull(customers.importedAddress)),
    );
  if (!row?.address) return false;
  try {
    await saveAddress(db, userId, row.address);
  } catch (error) {
    // A full address book keeps its own addresses; the imported one is dropped.
    if (!(error instanceof ConflictError)) throw error;
  }
  await db.update(customers).set({ importedAddress: null }).where(eq(customers.id, row.id));
  return true;
}
