import { createHash, randomBytes } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { isRoleKey, type RoleKey, roles } from "../../core/staff/roles.ts";
import { recordChange } from "../audit/record.ts";
import type { Db, Tx } from "../db/client.ts";
import { account, session, staffInvitations, user, verification } from "../db/schema/index.ts";
import { ConflictError, NotFoundError } from "../errors.ts";
import type { Mailer } from "../mail/mailer.ts";

/** How long an invitation link works. */
export const INVITATION_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export const invitationInputSchema = z.object({
  email: z.string().trim().toLowerCase().email("Enter a valid email address").max(254),
  name: z.string().trim().min(1, "Enter their name").max(100, "At most 100 characters"),
  role: z.string().refine(isRoleKey, "Choose a role") as z.ZodType<RoleKey>,
});
export type InvitationInput = z.infer<typeof invitationInputSchema>;

export const acceptInputSchema = z
  .object({
    password: z.string().min(10, "Use at least 10 characters").max(128, "Use at most 128 characters"),
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { path: ["confirm"], message: "The passwords do not match" });

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
export const invitationUrl = (publicUrl: string, token: string) => `${publicUrl}/invitation/${token}`;

const isOpen = (now: Date) =>
  and(
    isNull(staffInvitations.acceptedAt),
    isNull(staffInvitations.revokedAt),
    gt(staffInvitations.expiresAt, now),
  );

export type InvitationRow = typeof staffInvitations.$inferSelect;

/** Invitations not yet accepted, newest first (expired ones included, marked by their date). */
export async function listPendingInvitations(db: Db) {
  return db
    .select({
      id: staffInvitations.id,
      email: staffInvitations.email,
      name: staffInvitations.name,
      role: staffInvitations.role,
      expiresAt: staffInvitations.expiresAt,
      createdAt: staffInvitations.createdAt,
    })
    .from(staffInvitations)
    .where(and(isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)))
    .orderBy(desc(staffInvitations.createdAt))
    .limit(200);
}

type Inviter = { id: string; name: string; email: string };

/**
 * Invites someone to the back office: stores the invitation (an earlier open one for the address
 * is revoked: only the newest link works) and emails the one-time link. Refused for an address
 * that already has a back office account.
 */
export async function inviteStaff(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  input: InvitationInput,
  inviter: Inviter,
  now = new Date(),
) {
  const token = randomBytes(32).toString("base64url");
  const invitation = await db.transaction(async (tx) => {
    const [existing] = await tx.select({ role: user.role }).from(user).where(eq(user.email, input.email));
    if (existing?.role === "admin") {
      throw new ConflictError({
        title: "Already on the staff",
        description: `${input.email} already has a back office account.`,
      });
    }
    await tx
      .update(staffInvitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(staffInvitations.email, input.email),
          isNull(staffInvitations.acceptedAt),
          isNull(staffInvitations.revokedAt),
        ),
      );
    const [row] = await tx
      .insert(staffInvitations)
      .values({
        ...input,
        tokenHash: hashToken(token),
        invitedBy: inviter.id,
        expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS),
        createdAt: now,
      })
      .returning();
    // The link's token and its hash stay out of the log (server/audit/diff.ts hides *hash fields).
    await recordChange(tx, {
      entityType: "staff-invitation",
      entityId: row!.id,
      entityLabel: row!.email,
      action: "invite",
      after: { email: row!.email, name: row!.name, role: row!.role, expiresAt: row!.expiresAt },
    });
    return row!;
  });
  await mailer.send({
    to: input.email,
    subject: "You are invited to the back office",
    template: "staff-invitation",
    props: {
      name: input.name,
      url: invitationUrl(publicUrl, token),
      role: roles[input.role].name,
      invitedBy: inviter.name || inviter.email,
      days: INVITATION_DAYS,
    },
  });
  return invitation;
}

/** Revokes an open invitation by id: its link stops working at once. */
export async function revokeInvitation(db: Db, id: string, now = new Date()) {
  const revoked = await db.transaction(async (tx) => {
    const rows = await tx
      .update(staffInvitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(staffInvitations.id, id),
          isNull(staffInvitations.acceptedAt),
          isNull(staffInvitations.revokedAt),
        ),
      )
      .returning({ id: staffInvitations.id, email: staffInvitations.email });
    for (const row of rows)
      await recordChange(tx, {
        entityType: "staff-invitation",
        entityId: row.id,
        entityLabel: row.email,
        action: "revoke",
        before: { revokedAt: null },
        after: { revokedAt: now },
      });
    return rows;
  });
  if (revoked.length === 0)
    throw new NotFoundError({
      title: "Invitation not found",
      description: "It was already accepted or revoked.",
    });
}

/** The open invitation behind a link's token, or null (unknown, used, revoked or expired). */
export async function findOpenInvitation(db: Db | Tx, token: string, now = new Date()) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await db
    .select()
    .from(staffInvitations)
    .where(and(eq(staffInvitations.tokenHash, hashToken(token)), isOpen(now)));
  return row ?? null;
}

const linkGone = () =>
  new NotFoundError({
    title: "This invitation no longer works",
    description: "It was used, revoked or has expired. Ask the shop owner for a new one.",
  });

/**
 * Accepts an invitation with the password the invitee chose, in one transaction: the invitation is
 * used up (a second click finds it gone), and the address's account is created, or an existing
 * customer account joins the staff. The link proves the address, so it counts as verified; an
 * existing account's password is replaced and its sessions, two-factor challenges and reset
 * tokens end, as with a password reset.
 */
export async function acceptInvitation(db: Db, token: string, password: string, now = new Date()) {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const open = await findOpenInvitation(tx, token, now);
    if (!open) throw linkGone();
    const used = await tx
      .update(staffInvitations)
      .set({ acceptedAt: now })
      .where(
        and(
          eq(staffInvitations.id, open.id),
          isNull(staffInvitations.acceptedAt),
          isNull(staffInvitations.revokedAt),
        ),
      )
      .returning({ id: staffInvitations.id });
    if (used.length === 0) throw linkGone();
    const [existing] = await tx
      .select({ id: user.id, role: user.role })
      .from(user)
      .where(eq(user.email, open.email));
    if (existing?.role === "admin") {
      throw new ConflictError({ title: "Already on the staff", description: "Sign in at /admin/login." });
    }
    const userId = existing
      ? await joinStaff(tx, existing.id, open.role, passwordHash)
      : await createStaff(tx, open, passwordHash);
    return { userId, email: open.email, role: open.role };
  });
}

async function createStaff(tx: Tx, invitation: InvitationRow, passwordHash: string) {
  const id = crypto.randomUUID();
  await tx.insert(user).values({
    id,
    name: invitation.name,
    email: invitation.email,
    emailVerified: true,
    role: "admin",
    staffRole: invitation.role,
  });
  await tx.insert(account).values({
    id: crypto.randomUUID(),
    accountId: id,
    providerId: "credential",
    userId: id,
    password: passwordHash,
  });
  return id;
}

async function joinStaff(tx: Tx, userId: string, role: string, passwordHash: string) {
  await tx
    .update(user)
    .set({ role: "admin", staffRole: role, emailVerified: true, updatedAt: sql`now()` })
    .where(eq(user.id, userId));
  const replaced = await tx
    .update(account)
    .set({ password: passwordHash, updatedAt: sql`now()` })
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")))
    .returning({ id: account.id });
  if (replaced.length === 0) {
    await tx.insert(account).values({
      id: crypto.randomUUID(),
      accountId: userId,
      providerId: "credential",
      userId,
      password: passwordHash,
    });
  }
  await tx.delete(session).where(eq(session.userId, userId));
  await tx.delete(verification).where(eq(verification.value, userId));
  return userId;
}
