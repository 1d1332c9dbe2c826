import { date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns.ts";

/**
 * A production batch (docs/validity.md): what a valid lookup shows, with its certificate of
 * analysis (an uploaded PDF or image under /uploads). Validity codes and serials belong to one.
 */
export const batches = pgTable("batches", {
  id: id(),
  productName: text("product_name").notNull(),
  batchNumber: text("batch_number").notNull().unique(),
  producedOn: date("produced_on", { mode: "string" }).notNull(),
  expiresOn: date("expires_on", { mode: "string" }).notNull(),
  coaUrl: text("coa_url"),
  labName: text("lab_name").notNull().default(""),
  testedOn: date("tested_on", { mode: "string" }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * One printed per-unit serial (decision 041). first_verified_at is set by exactly one lookup (a
 * conditional update); flagged_at once enough different clients looked it up to suspect a copy.
 */
export const serials = pgTable(
  "serials",
  {
    id: id(),
    batchId: uuid("batch_id")
      .notNull()
      .references(() => batches.id, { onDelete: "cascade" }),
    code: text("code").notNull().unique(),
    firstVerifiedAt: timestamp("first_verified_at", { withTimezone: true }),
    lookupCount: integer("lookup_count").notNull().default(0),
    clientCount: integer("client_count").notNull().default(0),
    flaggedAt: timestamp("flagged_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("serials_batch_idx").on(t.batchId), index("serials_flagged_idx").on(t.flaggedAt)],
);

/** Which clients (a keyed hash of the address, never the address) looked a serial up: counted once each. */
export const serialClients = pgTable(
  "serial_clients",
  {
    serialId: uuid("serial_id")
      .notNull()
      .references(() => serials.id, { onDelete: "cascade" }),
    clientHash: text("client_hash").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.serialId, t.clientHash] })],
);
