import { randomBytes } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { deleteTracked, recordCreated, type Tracked, updateTracked } from "../audit/tracked.ts";
import type { Db } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { contentCreators, coupons, creatorLedgerEntries } from "../db/schema/index.ts";
import { ConflictError } from "../errors.ts";
import { hashPassword } from "./password.ts";
import { revokeCreatorSessions } from "./sessions.ts";

const password = z.string().min(6, "Password must be at least 6 characters").max(200, "Password is too long");

/**
 * The creator form. On edit a blank password keeps the current one; on create a blank one means
 * the creator sets their own through an invitation link (server/creators/invitation.ts).
 */
export function creatorInputSchema(_mode: "create" | "edit") {
  return z.object({
    username: z
      .string()
      .trim()
      .min(3, "Username must be at least 3 characters")
      .max(50, "Username must be at most 50 characters"),
    password: z.union([z.literal("").transform(() => null), password]),
    fullName: z.string().trim().max(100, "Full name must be at most 100 characters"),
    email: z.union([z.literal(""), z.email("Invalid email address").max(254)]),
    commissionRate: z
      .string()
      .trim()
      .transform((v) => (v === "" ? "0" : v))
      .refine(
        (v) => /^-?\d+(\.\d{1,2})?$/.test(v),
        "Commission rate must be a number with at most 2 decimals",
      )
      .transform((v) => Math.round(Number(v) * 100))
      .refine((v) => v >= 0, "Commission rate must be at least 0")
      .refine((v) => v <= 10_000, "Commission rate cannot exceed 100%"),
  });
}
export type CreatorInput = z.output<ReturnType<typeof creatorInputSchema>>;

/** Everything the list shows; the password hash never leaves this module. */
const listColumns = {
  id: contentCreators.id,
  username: contentCreators.username,
  fullName: contentCreators.fullName,
  email: contentCreators.email,
  commissionBasisPoints: contentCreators.commissionBasisPoints,
  isActive: contentCreators.isActive,
  createdAt: contentCreators.createdAt,
};

export function listAdminCreators(db: Db) {
  return db.select(listColumns).from(contentCreators).orderBy(desc(contentCreators.createdAt));
}
export type AdminCreator = Awaited<ReturnType<typeof listAdminCreators>>[number];

export type CreatorSaveResult =
  | { ok: true; id?: string }
  | { ok: false; field?: "username"; message: string };

async function usernameTaken(db: Db, username: string, exceptId?: string) {
  const [row] = await db
    .select({ id: contentCreators.id })
    .from(contentCreators)
    .where(eq(contentCreators.username, username));
  return row !== undefined && row.id !== exceptId;
}

const taken = (username: string): CreatorSaveResult => ({
  ok: false,
  field: "username",
  message: `The username ${username} is already taken`,
});

export async function createAdminCreator(db: Db, input: CreatorInput): Promise<CreatorSaveResult> {
  if (await usernameTaken(db, input.username)) return taken(input.username);
  // No password typed: a random one nobody knows, until the creator sets theirs by the link.
  const passwordHash = await hashPassword(input.password ?? randomBytes(32).toString("base64url"));
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contentCreators)
      .values({
        username: input.username,
        passwordHash,
        fullName: input.fullName || null,
        email: input.email || null,
        commissionBasisPoints: input.commissionRate,
        isActive: true,
      })
      .returning();
    await recordCreated(tx, row!, trackedCreator);
    return row!.id;
  });
  return { ok: true, id };
}

export async function updateAdminCreator(
  db: Db,
  id: string,
  input: CreatorInput,
): Promise<CreatorSaveResult> {
  if (!isUuid(id)) return { ok: false, message: "This content creator no longer exists" };
  if (await usernameTaken(db, input.username, id)) return taken(input.username);
  const saved = await updateTracked(
    db,
    contentCreators,
    id,
    {
      username: input.username,
      fullName: input.fullName || null,
      email: input.email || null,
      commissionBasisPoints: input.commissionRate,
      ...(input.password ? { passwordHash: await hashPassword(input.password) } : {}),
    },
    trackedCreator,
  );
  if (!saved) return { ok: false, message: "This content creator no longer exists" };
  // A new password signs every portal session out (the old one may be what leaked).
  if (input.password) await revokeCreatorSessions(db, id);
  return { ok: true };
}

export async function setCreatorActive(db: Db, id: string, isActive: boolean): Promise<boolean> {
  if (!isUuid(id)) return false;
  const saved = await updateTracked(db, contentCreators, id, { isActive }, trackedCreator);
  if (!isActive) await revokeCreatorSessions(db, id);
  return saved !== null;
}

/**
 * Deletes a creator; their coupons stay and keep working, without a creator. A creator with
 * commission history is kept (the ledger is append-only, decision 040): deactivate them instead.
 */
export async function deleteAdminCreator(db: Db, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const [entry] = await db
    .select({ id: creatorLedgerEntries.id })
    .from(creatorLedgerEntries)
    .where(eq(creatorLedgerEntries.creatorId, id))
    .limit(1);
  if (entry) {
    throw new ConflictError({
      title: "Error",
      description:
        "This content creator has commission history and cannot be deleted. Deactivate them instead.",
    });
  }
  return db.transaction(async (tx) => {
    await tx.update(coupons).set({ contentCreatorId: null }).where(eq(coupons.contentCreatorId, id));
    return deleteTracked(tx, contentCreators, id, trackedCreator);
  });
}

/** Creators in the audit log, by username; their password hash is never recorded (server/audit/diff.ts). */
const trackedCreator: Tracked<typeof contentCreators> = { entityType: "creator", label: (c) => c.username };
