import type { z } from "zod";
import type { Db, Tx } from "../db/client.ts";
import { shopSetting } from "../db/shop-setting.ts";
import { recordChange } from "./record.ts";

/**
 * An admin setting (server/db/shop-setting.ts) whose saves are in the audit log: entity "setting",
 * id its key, the fields before → after (an API key or password in it shows only as changed).
 */
export function auditedSetting<T>(key: string, label: string, schema: z.ZodType<T>, defaults: T) {
  const stored = shopSetting(key, schema, defaults);
  return {
    get: stored.get,
    save(db: Db | Tx, value: T): Promise<void> {
      return db.transaction(async (tx) => {
        const before = await stored.get(tx);
        await stored.save(tx, value);
        await recordChange(tx, {
          entityType: "setting",
          entityId: key,
          entityLabel: label,
          action: "update",
          before: asFields(before),
          after: asFields(value),
        });
      });
    },
  };
}

/** A setting's value as fields: an object as is, a plain value as { value }. */
const asFields = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : { value };
