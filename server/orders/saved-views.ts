import { and, asc, eq, or } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { orderViews } from "../db/schema/index.ts";
import { isUniqueViolation } from "../db/unique-violation.ts";
import { ConflictError, InvalidInputError, NotFoundError } from "../errors.ts";
import { isEmptyFilter, orderFilterParams, parseOrderFilter } from "./order-filter.ts";

/**
 * Saved views of the orders list: a name for a filter. Private to whoever saved it unless shared;
 * a shared view is seen by every staff member who can see orders and deleted only by whoever saved
 * it. The stored query is the filter re-written by order-filter.ts, so a view never carries a
 * parameter the list would not understand.
 */
export const MAX_VIEWS_PER_PERSON = 50;

export const viewSchema = z.object({
  name: z
    .string("Name the view")
    .transform((v) =>
      v
        // biome-ignore lint/suspicious/noControlCharactersInRegex: dropping them is the point.
        .replace(/[\u0000-\u001f\u007f]/g, " ")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .pipe(z.string().min(1, "Name the view").max(60, "A view's name is at most 60 characters")),
  query: z.string().max(2000, "The filter is too long"),
  shared: z.stringbool().optional().default(false),
});

export type OrderView = { id: string; name: string; query: string; shared: boolean; mine: boolean };

/** The views a staff member sees: their own and the shared ones, by name. */
export async function listOrderViews(db: Db, staffId: string): Promise<OrderView[]> {
  const rows = await db
    .select()
    .from(orderViews)
    .where(or(eq(orderViews.ownerId, staffId), eq(orderViews.shared, true)))
    .orderBy(asc(orderViews.name), asc(orderViews.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    query: r.query,
    shared: r.shared,
    mine: r.ownerId === staffId,
  }));
}

export async function saveOrderView(
  db: Db,
  staffId: string,
  input: { name: string; query: string; shared?: boolean | string },
): Promise<OrderView> {
  const parsed = viewSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InvalidInputError(
      { title: "View not saved", description: issue?.message },
      { [String(issue?.path[0] ?? "name")]: [issue?.message ?? "Not valid"] },
    );
  }
  const { filter } = parseOrderFilter(new URLSearchParams(parsed.data.query));
  if (isEmptyFilter(filter) && !filter.sort)
    throw new InvalidInputError(
      { title: "View not saved", description: "Choose a filter first: this view would show every order." },
      { query: ["Choose a filter first"] },
    );
  const mine = await db.$count(orderViews, eq(orderViews.ownerId, staffId));
  if (mine >= MAX_VIEWS_PER_PERSON)
    throw new ConflictError({
      title: "View not saved",
      description: `You have ${MAX_VIEWS_PER_PERSON} saved views: delete one first.`,
    });
  try {
    const [row] = await db
      .insert(orderViews)
      .values({
        name: parsed.data.name,
        query: orderFilterParams(filter).toString(),
        ownerId: staffId,
        shared: parsed.data.shared,
      })
      .returning();
    return { id: row!.id, name: row!.name, query: row!.query, shared: row!.shared, mine: true };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new ConflictError({
      title: "View not saved",
      description: `A ${parsed.data.shared ? "shared " : ""}view named "${parsed.data.name}" exists already.`,
    });
  }
}

/** Deletes a view its owner saved (by id); anyone else's, or an unknown id, is not found. */
export async function deleteOrderView(db: Db, staffId: string, viewId: string): Promise<void> {
  const deleted = isUuid(viewId)
    ? await db
        .delete(orderViews)
        .where(and(eq(orderViews.id, viewId), eq(orderViews.ownerId, staffId)))
        .returning({ id: orderViews.id })
    : [];
  if (deleted.length === 0) throw new NotFoundError({ title: "View not found" });
}
