import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "./client.ts";
import { shopFacts } from "./schema/index.ts";

/**
 * One admin setting kept as JSON in `shop_facts` under `key`. Reads go through its schema, so a
 * value never saved, or saved by an older version in a shape that no longer parses, reads as the
 * defaults; writes replace the whole value.
 */
export function shopSetting<T>(key: string, schema: z.ZodType<T>, defaults: T) {
  return {
    async get(db: Db | Tx): Promise<T> {
      const [row] = await db.select({ value: shopFacts.value }).from(shopFacts).where(eq(shopFacts.key, key));
      const parsed = schema.safeParse(row?.value);
      return parsed.success ? parsed.data : defaults;
    },
    async save(db: Db | Tx, value: T): Promise<void> {
      await db
        .insert(shopFacts)
        .values({ key, value })
        .onConflictDoUpdate({ target: shopFacts.key, set: { value } });
    },
  };
}
