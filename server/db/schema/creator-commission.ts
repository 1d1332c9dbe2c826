import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { createdAt, id } from "./columns.ts";
import { contentCreators } from "./coupons.ts";
import { orders } from "./orders.ts";

/**
 * A signed-in content creator (the /creator portal, docs/creators.md). Separate from customer and
 * admin sessions: only a SHA-256 of the cookie's random token is stored, so a database leak opens
 * no portal. Rows are deleted on sign-out, deactivation and password change.
 */
export const creatorSessions = pgTable(
  "creator_sessions",
  {
    id: id(),
    creatorId: uuid("creator_id")
      .notNull()
      .references(() => contentCreators.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("creator_sessions_token_hash_idx").on(t.tokenHash),
    index("creator_sessions_creator_idx").on(t.creatorId),
  ],
);

/** accrual: earned on a paid order (+); clawback: taken back on a refund or cancel (-); payout: paid out (-). */
export const creatorLedgerKind = pgEnum("creator_ledger_kind", ["accrual", "clawback", "payout"]);

/**
 * A payout: everything payable for one creator at one moment (decision 040). The admin form's
 * idempotency key is unique, so a double click or two admins make one payout.
 */
export const creatorPayouts = pgTable(
  "creator_payouts",
  {
    id: id(),
    creatorId: uuid("creator_id")
      .notNull()
      .references(() => contentCreators.id, { onDelete: "restrict" }),
    amountCents: integer("amount_cents").notNull(),
    reference: text("reference").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("creator_payouts_idempotency_key_idx").on(t.idempotencyKey),
    index("creator_payouts_creator_idx").on(t.creatorId, t.createdAt.desc()),
    check("creator_payouts_amount_positive", sql`${t.amountCents} > 0`),
  ],
);

/**
 * The commission ledger (decision 040): append-only, signed cents, never updated or deleted (a
 * trigger refuses both). The balance is the sum of a creator's entries. `source_key` names what
 * made the entry ("accrual:<order>", "refund:<refund>", "cancel:<order>", "payout:<payout>"); its
 * unique index makes every writer idempotent. `available_at`: when the entry stops being pending.
 */
export const creatorLedgerEntries = pgTable(
  "creator_ledger_entries",
  {
    id: id(),
    creatorId: uuid("creator_id")
      .notNull()
      .references(() => contentCreators.id, { onDelete: "restrict" }),
    kind: creatorLedgerKind("kind").notNull(),
    amountCents: integer("amount_cents").notNull(),
    sourceKey: text("source_key").notNull(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "restrict" }),
    payoutId: uuid("payout_id").references(() => creatorPayouts.id, { onDelete: "restrict" }),
    /** For an accrual: the commission base (order goods after discounts) and the rate applied. */
    baseCents: integer("base_cents"),
    basisPoints: integer("basis_points"),
    note: text("note").notNull().default(""),
    availableAt: timestamp("available_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("creator_ledger_source_idx").on(t.sourceKey),
    index("creator_ledger_creator_idx").on(t.creatorId, t.createdAt.desc(), t.id.desc()),
    index("creator_ledger_order_idx").on(t.orderId),
    check("creator_ledger_amount_non_zero", sql`${t.amountCents} <> 0`),
    check(
      "creator_ledger_sign",
      sql`(${t.kind} = 'accrual' and ${t.amountCents} > 0) or (${t.kind} <> 'accrual' and ${t.amountCents} < 0)`,
    ),
  ],
);

/**
 * Which entries a payout paid: the primary key on the entry means an entry is paid at most once.
 * A row here is what turns an entry's state to `paid` without editing the entry.
 */
export const creatorPayoutEntries = pgTable(
  "creator_payout_entries",
  {
    entryId: uuid("entry_id")
      .primaryKey()
      .references(() => creatorLedgerEntries.id, { onDelete: "restrict" }),
    payoutId: uuid("payout_id")
      .notNull()
      .references(() => creatorPayouts.id, { onDelete: "restrict" }),
  },
  (t) => [index("creator_payout_entries_payout_idx").on(t.payoutId)],
);
