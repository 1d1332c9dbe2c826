import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { orders } from "../server/db/schema/index.ts";
import { orderFilterWhere, parseOrderFilter } from "../server/orders/order-filter.ts";
const d = new PgDialect({ casing: "snake_case" });
for (const q of process.argv.slice(2)) {
  const where = orderFilterWhere(parseOrderFilter(new URLSearchParams(q)).filter);
  const { sql: text, params } = d.sqlToQuery(where);
  const inlined = text.replace(/\$(\d+)/g, (_, i) => { const v = params[Number(i) - 1]; return typeof v === "number" ? String(v) : `'${v instanceof Date ? v.toISOString() : String(v)}'`; });
  console.log(`-- ${q}\n${inlined}`);
}
