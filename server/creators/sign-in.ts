import { eq } from "drizzle-orm";
import { z } from "zod";
import { failureRules, releaseFailure, reserveFailure } from "../auth/limits.ts";
import type { Db } from "../db/client.ts";
import { contentCreators } from "../db/schema/index.ts";
import { RateLimitedError } from "../errors.ts";
import { describeWait } from "../rate-limit/rate-limit.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import { createCreatorSession } from "./sessions.ts";

export const creatorSignInSchema = z.object({
  username: z.string().trim().min(1, "Enter your username").max(50, "Enter your username"),
  password: z.string().min(1, "Enter your password").max(200, "Enter your password"),
});
export type CreatorCredentials = z.output<typeof creatorSignInSchema>;

/** One answer for an unknown user, a wrong password and an inactive creator. */
export const SIGN_IN_FAILED = "Invalid username or password";

/** Checked when the username is unknown, so that answer takes as long as a wrong password. */
let dummyHash: Promise<string> | undefined;
const dummy = () => {
  dummyHash ??= hashPassword("no creator has this password");
  return dummyHash;
};

/**
 * Signs a creator in and returns the new session's token, or null. Only failures count against
 * the limits (the customer sign-in's rules, own counters): per address, per address and username,
 * and per username from many addresses; over a limit it throws RateLimitedError without checking.
 */
export async function signInCreator(
  db: Db,
  credentials: CreatorCredentials,
  clientIp: string,
): Promise<string | null> {
  const rules = failureRules("creator", clientIp, credentials.username.toLowerCase());
  const retryAfter = await reserveFailure(db, rules);
  if (retryAfter !== null) {
    throw new RateLimitedError(
      {
        title: "Too many attempts",
        description: `Too many attempts. Please wait ${describeWait(retryAfter)} and try again.`,
      },
      retryAfter,
    );
  }
  const [creator] = await db
    .select({
      id: contentCreators.id,
      hash: contentCreators.passwordHash,
      isActive: contentCreators.isActive,
    })
    .from(contentCreators)
    .where(eq(contentCreators.username, credentials.username));
  const matches = await verifyPassword(credentials.password, creator?.hash ?? (await dummy()));
  if (!creator || !matches || !creator.isActive) return null;
  await releaseFailure(db, rules);
  return createCreatorSession(db, creator.id);
}
