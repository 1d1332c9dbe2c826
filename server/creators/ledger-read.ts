import { randomUUID } from "node:crypto";
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { CommissionBalance, LedgerKind } from "../../core/pricing/commission.ts";
import { ledgerState } from "../../core/pricing/commission.ts";
import type { Db, Tx } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { keyText, nextKey, olderThan, parseTimeKey, type TimeKey } from "../db/keyset.ts";
import {
  contentCreators,
  creatorLedgerEntries,
  creatorPayoutEntries,
  creatorPayouts,
} from "../db/schema/index.ts";

/** Rows per page of the ledger and order lists. */
export const LEDGER_PAGE_SIZE = 50;

const e = creatorLedgerEntries;
const isPaid = sql`${creatorPayoutEntries.entryId} is not null`;
const earning = sql`${e.kind} <> 'payout'`;

/** The balance parts as SQL sums over entries left-joined to their payout link (decision 040). */
export const balanceColumns = (now: Date) => ({
  pendingCents: sumWhere(
    sql`${earning} and not ${isPaid} and ${e.availableAt} > ${now.toISOString()}::timestamptz`,
  ),
  payableCents: sumWhere(
    sql`${earning} and not ${isPaid} and ${e.availableAt} <= ${now.toISOString()}::timestamptz`,
  ),
  paidCents: sql<number>`coalesce(-sum(${e.amountCents}) filter (where ${e.kind} = 'payout'), 0)`.mapWith(
    Number,
  ),
  owedCents: sql<number>`coalesce(sum(${e.amountCents}), 0)`.mapWith(Number),
});

function sumWhere(condition: SQL) {
  return sql<number>`coalesce(sum(${e.amountCents}) filter (where ${condition}), 0)`.mapWith(Number);
}

/** One creator's balance at `now`. */
export async function creatorBalance(
  db: Db | Tx,
  creatorId: string,
  now = new Date(),
): Promise<CommissionBalance> {
  const [row] = await db
    .select(balanceColumns(now))
    .from(e)
    .leftJoin(creatorPayoutEntries, eq(creatorPayoutEntries.entryId, e.id))
    .where(eq(e.creatorId, creatorId));
  return row ?? { pendingCents: 0, payableCents: 0, paidCents: 0, owedCents: 0 };
}

/** Every creator with their balance (the admin overview and the payable CSV), by username. */
export function allCreatorBalances(db: Db, now = new Date(), where?: SQL) {
  return db
    .select({
      id: contentCreators.id,
      username: contentCreators.username,
      email: contentCreators.email,
      ...balanceColumns(now),
    })
    .from(contentCreators)
    .leftJoin(e, eq(e.creatorId, contentCreators.id))
    .leftJoin(creatorPayoutEntries, eq(creatorPayoutEntries.entryId, e.id))
    .where(where)
    .groupBy(contentCreators.id)
    .orderBy(contentCreators.username);
}

/** One ledger entry as the creator portal and the admin's ledger page show it (no ids). */
export type LedgerRow = {
  kind: LedgerKind;
  amountCents: number;
  note: string;
  orderRef: string | null;
  payoutReference: string | null;
  state: "pending" | "payable" | "paid" | "payout";
  availableAt: Date;
  createdAt: Date;
};

export type Page<R> = { rows: R[]; next: string | null };

/** One page of the creator's entries, newest first (keyset on created_at, id). */
export async function ledgerPage(
  db: Db,
  creatorId: string,
  cursor: string | undefined,
  now = new Date(),
): Promise<Page<LedgerRow>> {
  const rows = await db
    .select({
      id: e.id,
      key: keyText(e.createdAt),
      kind: e.kind,
      amountCents: e.amountCents,
      note: e.note,
      orderId: e.orderId,
      payoutReference: creatorPayouts.reference,
      paid: isPaid.mapWith(Boolean),
      availableAt: e.availableAt,
      createdAt: e.createdAt,
    })
    .from(e)
    .leftJoin(creatorPayoutEntries, eq(creatorPayoutEntries.entryId, e.id))
    .leftJoin(
      creatorPayouts,
      eq(creatorPayouts.id, sql`coalesce(${e.payoutId}, ${creatorPayoutEntries.payoutId})`),
    )
    .where(and(eq(e.creatorId, creatorId), olderThan(e.createdAt, e.id, parseCursor(cursor), "uuid")))
    .orderBy(desc(e.createdAt), desc(e.id))
    .limit(LEDGER_PAGE_SIZE);
  return {
    rows: rows.map((r) => ({
      kind: r.kind,
      amountCents: r.amountCents,
      note: r.note,
      orderRef: r.orderId ? orderRef(r.orderId) : null,
      payoutReference: r.payoutReference,
      state: r.kind === "payout" ? "payout" : ledgerState({ availableAt: r.availableAt, paid: r.paid }, now),
      availableAt: r.availableAt,
      createdAt: r.createdAt,
    })),
    next: cursorText(nextKey(rows, LEDGER_PAGE_SIZE)),
  };
}

/** The short order number customers and admins see (#1a2b3c4d). */
export const orderRef = (orderId: string) => `#${orderId.slice(0, 8)}`;

/** A page position in a URL: "<timestamp>~<id>" (no id of anyone else's row can be reached by it). */
export function cursorText(key: TimeKey | null): string | null {
  return key ? `${key.createdAt}~${key.id}` : null;
}

/** A cursor from a URL, or null when it is missing or malformed (the first page). */
export function parseCursor(text: string | undefined | null): TimeKey | null {
  return parseTimeKey(text, "~");
}

/** The admin's ledger page of one creator: null when there is no such creator. */
export async function creatorLedgerScreen(
  db: Db,
  creatorId: string,
  cursor: string | null,
  now = new Date(),
) {
  if (!isUuid(creatorId)) return null;
  const [creator] = await db
    .select({ id: contentCreators.id, username: contentCreators.username })
    .from(contentCreators)
    .where(eq(contentCreators.id, creatorId));
  if (!creator) return null;
  const [balance, ledger] = await Promise.all([
    creatorBalance(db, creator.id, now),
    ledgerPage(db, creator.id, cursor ?? undefined, now),
  ]);
  const next = ledger.next
    ? pageHref(`/admin/content-creators/${creator.id}/ledger`, { ledger: ledger.next })
    : null;
  // A fresh key per form shown: posting this form twice makes one payout.
  return { creator, balance, ledger: { rows: ledger.rows, next }, idempotencyKey: randomUUID() };
}

/** A path with the given page positions as query parameters (empty ones left out). */
export function pageHref(path: string, cursors: Record<string, string | null>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(cursors)) if (value) query.set(name, value);
  return `${path}?${query}`;
}
