import { desc, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { contactMessages } from "../db/schema/index.ts";

export type ContactMessage = typeof contactMessages.$inferSelect;

/** The inbox, newest first. */
export function listContactMessages(db: Db): Promise<ContactMessage[]> {
  return db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt));
}

export async function deleteContactMessage(db: Db, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const deleted = await db
    .delete(contactMessages)
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  return deleted.length > 0;
}
