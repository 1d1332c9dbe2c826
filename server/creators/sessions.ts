import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import { CREATOR_PATH } from "../../core/creator-portal.ts";
import type { Db, Tx } from "../db/client.ts";
import { contentCreators, creatorSessions } from "../db/schema/index.ts";

/**
 * Creator portal sessions (docs/creators.md): their own table and cookie, so a customer or admin
 * session never opens the portal and a creator cookie never opens /account or /admin. The cookie
 * holds 256 random bits; the table only their SHA-256.
 */
export const CREATOR_COOKIE = "creator_session";
const SESSION_DAYS = 7;
const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export type SignedInCreator = { id: string; username: string };

/** A new session for the creator; returns the cookie's token (never stored). */
export async function createCreatorSession(db: Db, creatorId: string, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(creatorSessions).values({
    creatorId,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + SESSION_MS),
    createdAt: now,
  });
  // Expired rows are dead weight: a sign-in is a rare enough moment to drop them.
  await db.delete(creatorSessions).where(lt(creatorSessions.expiresAt, now));
  return token;
}

/** The creator of the request's portal cookie: a live session of an active creator, else null. */
export async function creatorOfRequest(
  db: Db,
  request: Request,
  now = new Date(),
): Promise<SignedInCreator | null> {
  const token = tokenOf(request);
  if (!token) return null;
  const [row] = await db
    .select({ id: contentCreators.id, username: contentCreators.username })
    .from(creatorSessions)
    .innerJoin(contentCreators, eq(contentCreators.id, creatorSessions.creatorId))
    .where(
      and(
        eq(creatorSessions.tokenHash, hashToken(token)),
        gt(creatorSessions.expiresAt, now),
        eq(contentCreators.isActive, true),
      ),
    );
  return row ?? null;
}

/** Signs the request's session out (a no-op without one). */
export async function endCreatorSession(db: Db, request: Request): Promise<void> {
  const token = tokenOf(request);
  if (token) await db.delete(creatorSessions).where(eq(creatorSessions.tokenHash, hashToken(token)));
}

/** Every session of the creator ends: on deactivation and on a password change. */
export async function revokeCreatorSessions(db: Db | Tx, creatorId: string): Promise<void> {
  await db.delete(creatorSessions).where(eq(creatorSessions.creatorId, creatorId));
}

function tokenOf(request: Request): string | null {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const index = part.indexOf("=");
    if (part.slice(0, index).trim() !== CREATOR_COOKIE) continue;
    const value = part.slice(index + 1).trim();
    if (TOKEN_SHAPE.test(value)) return value;
  }
  return null;
}

/** The Set-Cookie value: HttpOnly, SameSite=Lax, only sent to the portal, Secure on an https shop. */
export function creatorCookie(token: string | null, publicUrl: string): string {
  const attributes = [
    `${CREATOR_COOKIE}=${token ?? ""}`,
    `Path=${CREATOR_PATH}`,
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${token ? SESSION_MS / 1000 : 0}`,
  ];
  if (publicUrl.startsWith("https:")) attributes.push("Secure");
  return attributes.join("; ");
}
