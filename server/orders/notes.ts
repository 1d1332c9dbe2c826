import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import { orderLabel } from "../../core/orders/order-number.ts";
import { recordChange } from "../audit/record.ts";
import type { Db } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { orderNotes, orders } from "../db/schema/index.ts";
import { NotFoundError } from "../errors.ts";

export const NOTE_MAX_LENGTH = 2000;

/**
 * A note's text: kept as typed (line breaks included, shown as text, never as HTML). CRLF and lone
 * CR become LF, and control characters other than line breaks and tabs are dropped (a NUL cannot be
 * stored; the others only hide text).
 */
export const noteSchema = z.object({
  body: z
    .string("Write the note")
    .transform((v) =>
      v
        .replace(/\r\n?/g, "\n")
        // biome-ignore lint/suspicious/noControlCharactersInRegex: dropping them is the point.
        .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "")
        .trim(),
    )
    .pipe(
      z
        .string()
        .min(1, "Write the note")
        .max(NOTE_MAX_LENGTH, `A note is at most ${NOTE_MAX_LENGTH.toLocaleString("en-US")} characters`),
    ),
});

export type OrderNote = { id: string; authorName: string; body: string; createdAt: Date };

const orderNotFound = () => new NotFoundError({ title: "Order not found" });

/** Adds an internal note to a paid order, signed with the staff member's name as it is now. */
export async function addOrderNote(
  db: Db,
  input: { orderId: string; body: string; author: { id: string; name: string } },
): Promise<OrderNote> {
  if (!isUuid(input.orderId)) throw orderNotFound();
  const { body } = noteSchema.parse({ body: input.body });
  const [order] = await db
    .select({ id: orders.id, number: orders.number })
    .from(orders)
    .where(and(eq(orders.id, input.orderId), eq(orders.paymentStatus, "paid")));
  if (!order) throw orderNotFound();
  // The note and its audit entry are one change: both are kept or neither.
  return db.transaction(async (tx) => {
    const [note] = await tx
      .insert(orderNotes)
      .values({
        orderId: order.id,
        authorId: input.author.id,
        authorName: input.author.name || "Staff",
        body,
      })
      .returning({
        id: orderNotes.id,
        authorName: orderNotes.authorName,
        body: orderNotes.body,
        createdAt: orderNotes.createdAt,
      });
    await recordChange(tx, {
      entityType: "order",
      entityId: order.id,
      entityLabel: orderLabel(order),
      action: "note",
      details: { note: body },
    });
    return note!;
  });
}

/** An order's notes, oldest first. */
export function listOrderNotes(db: Db, orderId: string): Promise<OrderNote[]> {
  return db
    .select({
      id: orderNotes.id,
      authorName: orderNotes.authorName,
      body: orderNotes.body,
      createdAt: orderNotes.createdAt,
    })
    .from(orderNotes)
    .where(eq(orderNotes.orderId, orderId))
    .orderBy(asc(orderNotes.createdAt), asc(orderNotes.id));
}
