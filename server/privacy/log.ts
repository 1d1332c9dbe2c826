import { desc } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { privacyRequests } from "../db/schema/index.ts";

export type PrivacyRequestEntry = Pick<
  typeof privacyRequests.$inferInsert,
  "action" | "requestedBy" | "adminId" | "subjectUserId" | "leftForReview"
>;

/** Records who ran which request for which account id (never the email: the log outlives the erasure). */
export async function logPrivacyRequest(db: Db, entry: PrivacyRequestEntry) {
  await db.insert(privacyRequests).values(entry);
}

/** The latest requests, for the admin screen. */
export function recentPrivacyRequests(db: Db, limit = 20) {
  return db.select().from(privacyRequests).orderBy(desc(privacyRequests.createdAt)).limit(limit);
}
