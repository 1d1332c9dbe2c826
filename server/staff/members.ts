import { and, asc, eq, isNull, or, sql } from "drizzle-orm";
import { type RoleKey, roleOf } from "../../core/staff/roles.ts";
import { recordChange } from "../audit/record.ts";
import type { Db, Tx } from "../db/client.ts";
import { session, user } from "../db/schema/index.ts";
import { ConflictError, NotFoundError } from "../errors.ts";

export type StaffMember = {
  id: string;
  name: string;
  email: string;
  role: string;
  twoFactorEnabled: boolean;
  createdAt: Date;
};

const isStaff = eq(user.role, "admin");
/** An admin from before roles (no role stored) counts as an Owner, as the guard treats them. */
const isOwner = and(isStaff, or(eq(user.staffRole, "owner"), isNull(user.staffRole)));

/** Everyone with a back office account, oldest first. */
export async function listStaff(db: Db): Promise<StaffMember[]> {
  const rows = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      staffRole: user.staffRole,
      twoFactorEnabled: user.twoFactorEnabled,
      createdAt: user.createdAt,
    })
    .from(user)
    .where(isStaff)
    .orderBy(asc(user.createdAt), asc(user.id));
  return rows.map(({ staffRole, twoFactorEnabled, ...row }) => ({
    ...row,
    role: roleOf(staffRole).key,
    twoFactorEnabled: Boolean(twoFactorEnabled),
  }));
}

/**
 * Locks the owners' rows and refuses when `memberId` is the only one left: the shop always keeps
 * an owner. The lock makes two owners demoting each other at once wait for one another.
 */
async function keepAnOwner(tx: Tx, memberId: string) {
  const owners = await tx.select({ id: user.id }).from(user).where(isOwner).for("update");
  if (owners.length === 1 && owners[0]!.id === memberId) {
    throw new ConflictError({
      title: "The shop needs an owner",
      description: "This is the last owner. Make someone else an owner first.",
    });
  }
}

/** The staff member's row, locked; NotFound when the id is not staff. */
async function lockStaff(tx: Tx, memberId: string) {
  const [member] = await tx
    .select({ id: user.id, staffRole: user.staffRole, name: user.name, email: user.email })
    .from(user)
    .where(and(eq(user.id, memberId), isStaff))
    .for("update");
  if (!member) throw new NotFoundError({ title: "Staff member not found" });
  return member;
}

/** Ends every session of the account at once (no cookie cache: the next request is signed out). */
const endSessions = (tx: Tx, userId: string) => tx.delete(session).where(eq(session.userId, userId));

/** Gives a staff member another role; their sessions end, so the new role applies at once. */
export async function changeStaffRole(db: Db, memberId: string, role: RoleKey) {
  return db.transaction(async (tx) => {
    const member = await lockStaff(tx, memberId);
    const before = roleOf(member.staffRole).key;
    if (before === role) return { before, after: role };
    if (before === "owner") await keepAnOwner(tx, memberId);
    await tx.update(user).set({ staffRole: role, updatedAt: sql`now()` }).where(eq(user.id, memberId));
    await endSessions(tx, memberId);
    await recordChange(tx, {
      entityType: "staff",
      entityId: memberId,
      entityLabel: member.email,
      action: "role",
      before: { role: before },
      after: { role },
    });
    return { before, after: role };
  });
}

/**
 * Takes a staff member out of the back office: the account stays (as a customer account, with its
 * orders), loses the admin role, and every session ends at once.
 */
export async function removeStaff(db: Db, memberId: string) {
  return db.transaction(async (tx) => {
    const member = await lockStaff(tx, memberId);
    if (roleOf(member.staffRole).key === "owner") await keepAnOwner(tx, memberId);
    await tx
      .update(user)
      .set({ role: "customer", staffRole: null, updatedAt: sql`now()` })
      .where(eq(user.id, memberId));
    await endSessions(tx, memberId);
    await recordChange(tx, {
      entityType: "staff",
      entityId: memberId,
      entityLabel: member.email,
      action: "remove",
      before: { role: roleOf(member.staffRole).key },
      after: { role: null },
    });
  });
}
