import {
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import type { ShipmentInput } from "../../../core/forms/shipment-form.ts";
import { user } from "./auth.ts";
import { createdAt, id } from "./columns.ts";
import { fulfilmentStatus, orders } from "./orders.ts";

/** status: set one status; ship: mark shipped with each order's tracking; selection: print or export. */
export const bulkOrderKind = pgEnum("bulk_order_kind", ["status", "ship", "selection"]);
/** previewed: waiting for Apply (a tracking upload); queued → running → done. */
export const bulkOrderState = pgEnum("bulk_order_state", ["previewed", "queued", "running", "done"]);
export const bulkOrderItemState = pgEnum("bulk_order_item_state", ["pending", "working", "done", "failed"]);

/**
 * One bulk action on Orders Management (docs/fulfilment.md): its selection, what it does and how
 * far it got. The form's idempotency key is unique, so a double submit finds the first request.
 */
export const bulkOrderRequests = pgTable("bulk_order_requests", {
  id: id(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  kind: bulkOrderKind("kind").notNull(),
  /** The status a `status` request sets. */
  status: fulfilmentStatus("status"),
  state: bulkOrderState("state").notNull(),
  total: integer("total").notNull(),
  createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  appliedAt: timestamp("applied_at", { withTimezone: true }),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
});

/**
 * One order of a bulk request: worked on at most once (claimed pending → working → done/failed;
 * a working row whose lease ran out, from a stopped process, is claimed again).
 */
export const bulkOrderItems = pgTable(
  "bulk_order_items",
  {
    requestId: uuid("request_id")
      .notNull()
      .references(() => bulkOrderRequests.id, { onDelete: "cascade" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The row's place in the selection or the uploaded file (1-based line for uploads). */
    position: integer("position").notNull(),
    /** A ship request's carrier and tracking number for this order. */
    shipment: jsonb("shipment").$type<ShipmentInput>(),
    state: bulkOrderItemState("state").notNull().default("pending"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    /** What happened, in words (failed: why; done: "already shipped" and the like). */
    outcome: text("outcome"),
    /** The status before the change: a bulk undo within the minute puts it back. */
    previousStatus: fulfilmentStatus("previous_status"),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.orderId] }),
    index("bulk_order_items_work_idx").on(t.requestId, t.state),
    // Deleting an order (erasure) finds its rows here.
    index("bulk_order_items_order_idx").on(t.orderId),
  ],
);
