import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { z } from "zod";
import { CREATOR_PATH } from "../../core/creator-portal.ts";
import type { Db, Tx } from "../db/client.ts";
import { contentCreators, creatorPasswordLinks } from "../db/schema/index.ts";
import { hashPassword } from "./password.ts";
import { revokeCreatorSessions } from "./sessions.ts";

/**
 * "Set your password" links for content creators (docs/creators.md): imported creators get one,
 * since the old shop's creator passwords are never decoded. The link holds 256 random bits; the
 * table only their SHA-256. It works once, for LINK_DAYS.
 */
export const LINK_DAYS = 14;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export const creatorPasswordPath = (token: string) => `${CREATOR_PATH}/set-password?token=${token}`;

/** A new link for the creator; returns its token (never stored). Older links of theirs stop working. */
export async function createCreatorPasswordLink(
  db: Db | Tx,
  creatorId: string,
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.delete(creatorPasswordLinks).where(eq(creatorPasswordLinks.creatorId, creatorId));
  await db.insert(creatorPasswordLinks).values({
    creatorId,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + LINK_DAYS * 24 * 60 * 60 * 1000),
    createdAt: now,
  });
  return token;
}

/** The creator a live link belongs to (username for the form), or null. */
export async function creatorOfPasswordLink(db: Db, token: string, now = new Date()) {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [row] = await db
    .select({
      linkId: creatorPasswordLinks.id,
      creatorId: contentCreators.id,
      username: contentCreators.username,
    })
    .from(creatorPasswordLinks)
    .innerJoin(contentCreators, eq(contentCreators.id, creatorPasswordLinks.creatorId))
    .where(
      and(eq(creatorPasswordLinks.tokenHash, hashToken(token)), gt(creatorPasswordLinks.expiresAt, now)),
    );
  return row ?? null;
}

export const setCreatorPasswordSchema = z
  .object({
    token: z.string().max(100),
    password: z.string().min(6, "Password must be at least 6 characters").max(200, "Password is too long"),
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { path: ["confirm"], message: "Passwords do not match." });

/**
 * Sets the password through a live link and uses the link up (deleting it is the claim: of two
 * submissions at once only one sets a password). False when the link is unknown, used or expired.
 */
export async function setCreatorPasswordByLink(
  db: Db,
  input: { token: string; password: string },
  now = new Date(),
): Promise<boolean> {
  const link = await creatorOfPasswordLink(db, input.token, now);
  if (!link) return false;
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const claimed = await tx
      .delete(creatorPasswordLinks)
      .where(eq(creatorPasswordLinks.id, link.linkId))
      .returning({ id: creatorPasswordLinks.id });
    if (claimed.length === 0) return false;
    await tx.update(contentCreators).set({ passwordHash }).where(eq(contentCreators.id, link.creatorId));
    await revokeCreatorSessions(tx, link.creatorId);
    return true;
  });
}

/** Revokes the creator's open link (if any): it stops working at once. True when there was one. */
export async function revokeCreatorPasswordLinks(db: Db | Tx, creatorId: string): Promise<boolean> {
  const rows = await db
    .delete(creatorPasswordLinks)
    .where(eq(creatorPasswordLinks.creatorId, creatorId))
    .returning({ id: creatorPasswordLinks.id });
  return rows.length > 0;
}
