/**
 * `npm run bench:customers`: loads 1,000,000 customers into a fresh PostgreSQL database and
 * measures the admin customer list (server/customers/list.ts, the function the page calls) for
 * every sort, filter and search: first page, the next page and a page deep in the list (keyset).
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/shop_bench_customers) is dropped
 * and recreated; BENCH_CUSTOMERS changes the number, BENCH_RUNS the timed runs per query (100);
 * BENCH_REUSE=1 keeps a database that already holds them and only measures.
 */
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { customerQuerySchema, listCustomers } from "../server/customers/list.ts";
import { type Db, openDatabase } from "../server/db/client.ts";
import { recreateDatabase } from "./support/bench-orders-data.ts";
import { ms, percentile, printTable, timeRuns } from "./support/bench-timing.ts";

const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/shop_bench_customers";
const total = Number(process.env.BENCH_CUSTOMERS ?? 1_000_000);
const runs = Number(process.env.BENCH_RUNS ?? 100);

async function holdsCustomers() {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await client`select count(*)::int as n from customers`;
    return row?.n === total;
  } catch {
    return false;
  } finally {
    await client.end();
  }
}

/**
 * `total` customers in one statement: names and email domains from small lists (so searches hit
 * realistic numbers of rows), 30% without orders, 3% subscribers, 25% accepting marketing, 1%
 * tagged vip and 5% wholesale. The triggers are not involved: they keep one row at a time.
 */
async function loadCustomers(db: Db) {
  const started = performance.now();
  await db.execute(sql`
    insert into customers (email_key, name, phone, order_count, total_spent_cents, last_order_at,
                           subscriber, accepts_marketing, tags, created_at)
    select lower(f.first || '.' || l.last || i || '@' || (array['example.com','mail.test','shop.test'])[1 + i % 3]),
           f.first || ' ' || l.last,
           '+1 512 ' || lpad((i % 10000000)::text, 7, '0'),
           o.n,
           o.n * (2000 + (i::bigint * 7919) % 9000),
           case when o.n > 0 then now() - ((i::bigint * 104729) % (3 * 365 * 24 * 60)) * interval '1 minute' end,
           i % 33 = 0,
           i % 4 = 0,
           case when i % 100 = 0 then array['vip'] when i % 20 = 0 then array['wholesale'] else '{}' end,
           now() - ((i::bigint * 15485863) % (4 * 365 * 24 * 60)) * interval '1 minute'
      from generate_series(1, ${total}) as i
      cross join lateral (select (array['maya','liam','priya','noah','emma','oliver','ava','lucas','zoe','ethan',
                                        'mia','leo','chloe','jack','nora','omar','ines','kai','sara','tom'])[1 + i % 20] as first) f
      cross join lateral (select (array['smith','lee','garcia','khan','nguyen','brown','patel','kim','lopez','jones',
                                        'muller','rossi','silva','cohen','sato','novak','dubois','haddad','ivanova','obi'])[1 + (i / 20) % 20] as last) l
      cross join lateral (select case when i % 10 < 3 then 0 else 1 + (i * 31) % 12 end as n) o`);
  await db.execute(sql`analyze customers`);
  console.log(
    `loaded ${total.toLocaleString("en-US")} customers in ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
  );
}

type Input = Record<string, string>;

/** The cursor after page 1,000: what 999 clicks on "Next page" reach (taken by one query here). */
async function deepCursor(db: Db, input: Input) {
  const far = await listCustomers(
    db,
    customerQuerySchema.parse(input),
    Math.min(50_000, Math.floor(total / 4)),
  );
  return far.next ?? "";
}

async function measure(db: Db) {
  const cases: [string, Input][] = [];
  for (const sort of ["last-order", "spent", "orders", "newest"]) {
    cases.push([`sort ${sort}: first page`, { sort }]);
    const first = await listCustomers(db, customerQuerySchema.parse({ sort }));
    cases.push([`sort ${sort}: next page`, { sort, after: first.next ?? "" }]);
    cases.push([`sort ${sort}: page 1,001 (keyset)`, { sort, after: await deepCursor(db, { sort }) }]);
  }
  const filters: [string, Input][] = [
    ["has orders", { orders: "yes" }],
    ["no orders", { orders: "no" }],
    ["subscriber", { subscriber: "yes" }],
    ["accepts marketing", { marketing: "yes" }],
    ["tag vip (1%)", { tag: "vip" }],
    ["tag wholesale, subscriber", { tag: "wholesale", subscriber: "yes" }],
  ];
  for (const [label, input] of filters) {
    cases.push([`${label}, last order`, input]);
    cases.push([`${label}, total spent`, { ...input, sort: "spent" }]);
  }
  cases.push(
    ["search name 'maya smith'", { q: "maya smith" }],
    ["search name 'priya'", { q: "priya" }],
    ["search email part 'noah.khan12'", { q: "noah.khan12" }],
    ["search exact email", { q: "emma.smith40@shop.test" }],
    ["search phone '555 0123'", { q: "0000123" }],
    ["search 'maya', total spent", { q: "maya", sort: "spent" }],
    ["search no match 'zzqx'", { q: "zzqx" }],
  );
  const rows: string[][] = [];
  for (const [label, input] of cases) {
    const query = customerQuerySchema.parse(input);
    const { times, result } = await timeRuns(() => listCustomers(db, query), runs);
    rows.push([label, String(result.rows.length), ms(percentile(times, 50)), ms(percentile(times, 95))]);
  }
  printTable(["customer list query", "rows", "p50", "p95"], rows);
}

async function main() {
  const reuse = process.env.BENCH_REUSE === "1" && (await holdsCustomers());
  if (!reuse) await recreateDatabase(url);
  const database = await openDatabase({ url, max: 4 });
  await database.migrate();
  if (!reuse) await loadCustomers(database.db);
  await measure(database.db);
  await database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
