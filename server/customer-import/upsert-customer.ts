import { eq, sql } from "drizzle-orm";
import { saveAddress } from "../accounts/addresses.ts";
import { recordChange } from "../audit/record.ts";
import type { Db, Tx } from "../db/client.ts";
import { customers, user } from "../db/schema/index.ts";
import { DomainError } from "../errors.ts";
import { findContact, recordImportedConsent } from "../marketing/contacts.ts";
import type { CustomerDraft } from "./shopify-customers.ts";

/** What the consent history says about an imported "yes" (docs/migrating.md). */
export const IMPORTED_CONSENT_TEXT = "Imported from Shopify CSV (Accepts Email Marketing: yes)";

/** The most tags a customer keeps (as the customer page's form). */
const MAX_TAGS = 20;

export type UpsertOutcome =
  | { kind: "created" | "updated"; consent: boolean; notes: string[] }
  | { kind: "refused"; reason: string };

type Customer = typeof customers.$inferSelect;

/**
 * Upserts one customer by email (lower-case, as everywhere): a known customer (account or guest)
 * gets the file's note and tags added; an unknown address becomes a guest customer kept without
 * orders, with no sign-in of its own: whoever owns the address signs up (or resets) with it later
 * and the record joins their account, as a guest buyer's does. The address goes to the account's
 * address book, or waits on the guest row for one. Consent only where the file says yes and this
 * shop has no answer yet. Never sends an email. `apply` false only reads (the preview).
 */
export async function upsertCustomer(
  db: Db,
  secret: string,
  draft: CustomerDraft,
  apply: boolean,
): Promise<UpsertOutcome> {
  const [account] = await db
    .select({ id: user.id, role: user.role })
    .from(user)
    .where(sql`lower(${user.email}) = ${draft.email}`)
    .limit(1);
  if (account && account.role !== "customer")
    return { kind: "refused", reason: "This email belongs to a staff account." };
  const [existing] = await db.select().from(customers).where(eq(customers.emailKey, draft.email));
  const kind = existing ? "updated" : "created";
  const notes = draft.addressProblem ? [draft.addressProblem] : [];
  if (!apply)
    return { kind, consent: draft.acceptsEmail && (await consentIsOpen(db, secret, draft.email)), notes };
  return db.transaction(async (tx) => {
    const before = existing ?? (await insertGuest(tx, draft));
    const consent =
      draft.acceptsEmail &&
      (await recordImportedConsent(tx, secret, {
        email: draft.email,
        consentText: IMPORTED_CONSENT_TEXT,
        userId: account?.id ?? null,
      }));
    const after = await saveFields(tx, before, draft, !account);
    if (account && draft.address) notes.push(...(await addToBook(tx, account.id, draft)));
    await recordChange(tx, {
      entityType: "customer",
      entityId: after.id,
      entityLabel: after.name ?? after.emailKey,
      action: existing ? "import" : "create",
      before: existing ? audited(existing) : null,
      after: audited(after),
      details: {
        source: `Shopify customer CSV, row ${draft.row}`,
        ...(consent && { consent: IMPORTED_CONSENT_TEXT }),
      },
    });
    return { kind, consent, notes };
  });
}

/** Whether an imported "yes" would be recorded: no answer here yet, or a pending opt-in. */
async function consentIsOpen(db: Db, secret: string, email: string) {
  const contact = await findContact(db, secret, email);
  return !contact || contact.status === "pending";
}

/** A new guest row, kept without orders (imported_at); a concurrent import's row is taken as it is. */
async function insertGuest(tx: Tx, draft: CustomerDraft): Promise<Customer> {
  await tx
    .insert(customers)
    .values({ emailKey: draft.email, name: draft.name, phone: draft.phone, importedAt: new Date() })
    .onConflictDoNothing();
  const [row] = await tx.select().from(customers).where(eq(customers.emailKey, draft.email));
  return row!;
}

/**
 * The file's fields onto the row, by its id. Tags are added to the row's, the note is added once
 * (a second import of the same file changes nothing). A guest's name, phone and address come from
 * the file; an account's name is its own.
 */
async function saveFields(tx: Tx, row: Customer, draft: CustomerDraft, guest: boolean): Promise<Customer> {
  const [after] = await tx
    .update(customers)
    .set({
      note: mergeNote(row.note, draft.note),
      tags: [...new Set([...row.tags, ...draft.tags])].slice(0, MAX_TAGS),
      importedAt: row.importedAt ?? new Date(),
      ...(guest && {
        name: draft.name ?? row.name,
        phone: draft.phone ?? row.phone,
        importedAddress: draft.address ?? row.importedAddress,
      }),
    })
    .where(eq(customers.id, row.id))
    .returning();
  return after!;
}

function mergeNote(current: string, imported: string): string {
  if (!imported || current.includes(imported)) return current;
  return current ? `${current}\n${imported}` : imported;
}

/** The address book's own rule: an address already there is not added twice; a full book is a note. */
async function addToBook(tx: Tx, userId: string, draft: CustomerDraft): Promise<string[]> {
  try {
    await saveAddress(tx as unknown as Db, userId, draft.address!);
    return [];
  } catch (error) {
    if (error instanceof DomainError) return [`address not imported: ${error.message}`];
    throw error;
  }
}

const audited = (row: Customer) => ({
  name: row.name,
  phone: row.phone,
  note: row.note,
  tags: row.tags.join(", "),
  importedAddress: row.importedAddress ? Object.values(row.importedAddress).filter(Boolean).join(", ") : null,
});
