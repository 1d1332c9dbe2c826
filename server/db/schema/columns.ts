import { text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Column helpers shared by every table. */
export const id = () => uuid("id").primaryKey().defaultRandom();
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
export const textList = (name: string) => text(name).array().notNull().default([]);
