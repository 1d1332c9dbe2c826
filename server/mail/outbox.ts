import { count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { mailOutbox } from "../db/schema/index.ts";
import { renderRow } from "./mailer.ts";

export type OutboxListOptions = { page: number; perPage: number; to?: string };

/** One page of the outbox, newest first, optionally only messages to one address. */
export async function listOutbox(db: Db, { page, perPage, to }: OutboxListOptions) {
  const where = to ? sql`lower(${mailOutbox.to}) = ${to.trim().toLowerCase()}` : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: mailOutbox.id,
        to: mailOutbox.to,
        subject: mailOutbox.subject,
        status: mailOutbox.status,
        attempts: mailOutbox.attempts,
        createdAt: mailOutbox.createdAt,
      })
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ value: count() }).from(mailOutbox).where(where),
  ]);
  const totalCount = total?.value ?? 0;
  return { rows, totalCount, totalPages: Math.max(1, Math.ceil(totalCount / perPage)) };
}

/** One message with its bodies (rendered now if the background has not got to it yet), or null. */
export async function getOutboxMessage(db: Db, id: string) {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) return null;
  return row.html === null ? { ...row, ...(await renderRow(db, row)) } : { ...row, html: row.html };
}
