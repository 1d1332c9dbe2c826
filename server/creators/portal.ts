import { and, desc, eq, sql } from "drizzle-orm";
import { CREATOR_PATH } from "../../core/creator-portal.ts";
import type { Db } from "../db/client.ts";
import { keyText, nextKey, olderThan } from "../db/keyset.ts";
import { coupons, creatorLedgerEntries, orders } from "../db/schema/index.ts";
import { getCommissionSettings } from "./commission-settings.ts";
import {
  creatorBalance,
  cursorText,
  LEDGER_PAGE_SIZE,
  ledgerPage,
  orderRef,
  type Page,
  pageHref,
  parseCursor,
} from "./ledger-read.ts";
import type { SignedInCreator } from "./sessions.ts";

/**
 * What the creator portal reads, always for the signed-in creator only. Of a customer it selects
 * the first name and the city and nothing else: the rest never leaves the database.
 */

export function creatorCoupons(db: Db, creatorId: string) {
  return db
    .select({
      code: coupons.code,
      discountType: coupons.discountType,
      discountValueHundredths: coupons.discountValueHundredths,
      isActive: coupons.isActive,
    })
    .from(coupons)
    .where(eq(coupons.contentCreatorId, creatorId))
    .orderBy(coupons.code);
}

/**
 * One row of the creator's order list: what the page shows and nothing more (no order or entry
 * id: the page data is as visible to the creator as the page itself, issue 29).
 */
export type PortalOrder = {
  orderRef: string;
  paidAt: Date | null;
  totalCents: number;
  firstName: string;
  city: string;
  commissionCents: number;
  clawedBackCents: number;
};

const e = creatorLedgerEntries;

/** The orders that earned the creator a commission (one accrual each), newest first. */
export async function creatorOrdersPage(
  db: Db,
  creatorId: string,
  cursor: string | undefined,
): Promise<Page<PortalOrder>> {
  const rows = await db
    .select({
      id: e.id,
      key: keyText(e.createdAt),
      orderId: orders.id,
      paidAt: orders.paidAt,
      totalCents: orders.totalCents,
      firstName: sql<string>`coalesce(split_part(trim(${orders.name}), ' ', 1), '')`,
      city: sql<string>`coalesce(${orders.shippingAddress}->>'city', '')`,
      commissionCents: e.amountCents,
      clawedBackCents: sql<number>`coalesce((
        select -sum(c.amount_cents) from creator_ledger_entries c
        where c.order_id = ${e.orderId} and c.creator_id = ${e.creatorId} and c.kind = 'clawback'
      ), 0)`.mapWith(Number),
    })
    .from(e)
    .innerJoin(orders, eq(orders.id, e.orderId))
    .where(
      and(
        eq(e.creatorId, creatorId),
        eq(e.kind, "accrual"),
        olderThan(e.createdAt, e.id, parseCursor(cursor), "uuid"),
      ),
    )
    .orderBy(desc(e.createdAt), desc(e.id))
    .limit(LEDGER_PAGE_SIZE);
  return {
    rows: rows.map(({ key: _key, id: _id, orderId, ...row }) => ({ ...row, orderRef: orderRef(orderId) })),
    next: cursorText(nextKey(rows, LEDGER_PAGE_SIZE)),
  };
}

/**
 * Everything the portal page shows, for the signed-in creator. Each list pages on its own; its
 * "older" link keeps the other list's position.
 */
export async function loadCreatorPortal(
  db: Db,
  creator: SignedInCreator,
  cursors: { orders: string | null; ledger: string | null },
  now = new Date(),
) {
  const [balance, coupons, orders, ledger, settings] = await Promise.all([
    creatorBalance(db, creator.id, now),
    creatorCoupons(db, creator.id),
    creatorOrdersPage(db, creator.id, cursors.orders ?? undefined),
    ledgerPage(db, creator.id, cursors.ledger ?? undefined, now),
    getCommissionSettings(db),
  ]);
  const link = (list: "orders" | "ledger", next: string | null) =>
    next ? pageHref(CREATOR_PATH, { ...cursors, [list]: next }) : null;
  return {
    username: creator.username,
    holdDays: settings.holdDays,
    balance,
    coupons,
    orders: { rows: orders.rows, next: link("orders", orders.next) },
    ledger: { rows: ledger.rows, next: link("ledger", ledger.next) },
  };
}
