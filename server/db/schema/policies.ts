import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  foreignKey,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { POLICY_SLUGS } from "../../../core/legal/policies.ts";
import { user } from "./auth.ts";
import { createdAt } from "./columns.ts";
import { orders } from "./orders.ts";

/** A policy body's size limit (Markdown characters); the database holds the same line. */
export const MAX_POLICY_LENGTH = 50_000;

const slugList = sql.raw(POLICY_SLUGS.map((slug) => `'${slug}'`).join(", "));

/**
 * Every saved text of each policy page (docs/compliance.md, section 4). A save adds the next
 * version; rows are never changed (a trigger refuses it), so an order's record of the versions in
 * force always points at the text the customer was shown. The newest version is the one in force.
 */
export const policyVersions = pgTable(
  "policy_versions",
  {
    policy: text("policy").notNull(),
    version: integer("version").notNull(),
    /** Markdown, rendered without raw HTML (server/content/markdown.ts). */
    body: text("body").notNull(),
    /** The text is the shop's starter template, unedited: the dashboard warns while it is in force. */
    isTemplate: boolean("is_template").notNull().default(false),
    /** The admin who saved it; null for the seeded template (or once that account is deleted). */
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.policy, t.version] }),
    check("policy_versions_policy_known", sql`${t.policy} in (${slugList})`),
    check("policy_versions_version_positive", sql`${t.version} >= 1`),
    check(
      "policy_versions_body_length",
      sql`char_length(${t.body}) between 1 and ${sql.raw(String(MAX_POLICY_LENGTH))}`,
    ),
  ],
);

/** The policy versions in force when an order was placed (written at Pay, in startCheckout). */
export const orderPolicyVersions = pgTable(
  "order_policy_versions",
  {
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    policy: text("policy").notNull(),
    version: integer("version").notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.policy] }),
    foreignKey({
      columns: [t.policy, t.version],
      foreignColumns: [policyVersions.policy, policyVersions.version],
    }),
  ],
);
