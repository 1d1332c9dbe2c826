import { and, asc, desc, eq, sql } from "drizzle-orm";
import { MAX_SAVED_ADDRESSES, type PostalAddress } from "../../core/orders/address.ts";
import type { Db, Tx } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { customerAddresses } from "../db/schema/index.ts";
import { ConflictError, NotFoundError } from "../errors.ts";

export { MAX_SAVED_ADDRESSES };

export type SavedAddress = PostalAddress & { id: string; isDefault: boolean };

const columns = {
  id: customerAddresses.id,
  name: customerAddresses.name,
  phone: customerAddresses.phone,
  line1: customerAddresses.line1,
  line2: customerAddresses.line2,
  city: customerAddresses.city,
  state: customerAddresses.state,
  postalCode: customerAddresses.postalCode,
  country: customerAddresses.country,
  isDefault: customerAddresses.isDefault,
};

/** The customer's saved addresses, the default first, then oldest first. */
export function listAddresses(db: Db | Tx, userId: string): Promise<SavedAddress[]> {
  return db
    .select(columns)
    .from(customerAddresses)
    .where(eq(customerAddresses.userId, userId))
    .orderBy(desc(customerAddresses.isDefault), asc(customerAddresses.createdAt), asc(customerAddresses.id));
}

/**
 * Adds an address to the customer's book (the first one becomes the default). An address already
 * in the book, field for field, is not added twice: its id is returned.
 */
export async function saveAddress(
  db: Db,
  userId: string,
  address: PostalAddress,
  options: { makeDefault?: boolean } = {},
): Promise<SavedAddress> {
  return db.transaction(async (tx) => {
    await lockBook(tx, userId);
    const book = await listAddresses(tx, userId);
    const same = book.find((a) => sameAddress(a, address));
    if (same && !options.makeDefault) return same;
    if (!same && book.length >= MAX_SAVED_ADDRESSES)
      throw new ConflictError({
        title: "Address book full",
        description: `You can save up to ${MAX_SAVED_ADDRESSES} addresses. Remove one to add another.`,
      });
    const makeDefault = options.makeDefault === true || book.length === 0;
    if (makeDefault)
      await tx
        .update(customerAddresses)
        .set({ isDefault: false })
        .where(and(eq(customerAddresses.userId, userId), eq(customerAddresses.isDefault, true)));
    if (same) {
      await tx.update(customerAddresses).set({ isDefault: true }).where(eq(customerAddresses.id, same.id));
      return { ...same, isDefault: true };
    }
    const [row] = await tx
      .insert(customerAddresses)
      .values({ ...address, userId, isDefault: makeDefault })
      .returning(columns);
    return row!;
  });
}

const ADDRESS_FIELDS = ["name", "phone", "line1", "line2", "city", "state", "postalCode", "country"] as const;

function sameAddress(a: PostalAddress, b: PostalAddress): boolean {
  return ADDRESS_FIELDS.every((f) => (a[f] ?? "").toLowerCase() === (b[f] ?? "").toLowerCase());
}

const addressNotFound = () =>
  new NotFoundError({ title: "Address not found", description: "This address is not in your address book." });

/** Serialises one account's address book changes, so the cap and "one default" hold. */
async function lockBook(tx: Tx, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`addresses:${userId}`}))`);
}

/** Only the owner's row matches: another customer's address id is "not found", never touched. */
const ownAddress = (userId: string, addressId: string) =>
  and(eq(customerAddresses.id, addressId), eq(customerAddresses.userId, userId));

/** Changes one of the customer's addresses; NotFoundError for an id that is not theirs. */
export async function updateAddress(
  db: Db,
  userId: string,
  addressId: string,
  address: PostalAddress,
): Promise<SavedAddress> {
  if (!isUuid(addressId)) throw addressNotFound();
  const [row] = await db
    .update(customerAddresses)
    .set(address)
    .where(ownAddress(userId, addressId))
    .returning(columns);
  if (!row) throw addressNotFound();
  return row;
}

/**
 * Removes one of the customer's addresses. When it was the default, the oldest one left becomes the
 * default, so a book with addresses always has one. NotFoundError for an id that is not theirs.
 */
export async function deleteAddress(db: Db, userId: string, addressId: string): Promise<void> {
  if (!isUuid(addressId)) throw addressNotFound();
  await db.transaction(async (tx) => {
    await lockBook(tx, userId);
    const [removed] = await tx
      .delete(customerAddresses)
      .where(ownAddress(userId, addressId))
      .returning({ isDefault: customerAddresses.isDefault });
    if (!removed) throw addressNotFound();
    if (!removed.isDefault) return;
    const [next] = await listAddresses(tx, userId);
    if (next)
      await tx.update(customerAddresses).set({ isDefault: true }).where(eq(customerAddresses.id, next.id));
  });
}

/** Makes one of the customer's addresses the default (the others stop being it). */
export async function setDefaultAddress(db: Db, userId: string, addressId: string): Promise<void> {
  if (!isUuid(addressId)) throw addressNotFound();
  await db.transaction(async (tx) => {
    await lockBook(tx, userId);
    const [chosen] = await tx
      .select({ id: customerAddresses.id })
      .from(customerAddresses)
      .where(ownAddress(userId, addressId));
    if (!chosen) throw addressNotFound();
    await tx
      .update(customerAddresses)
      .set({ isDefault: sql`${customerAddresses.id} = ${addressId}` })
      .where(eq(customerAddresses.userId, userId));
  });
}
