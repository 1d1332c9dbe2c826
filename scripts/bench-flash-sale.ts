/**
 * `npm run bench:flash-sale` (issue 36 item 5, "a flash sale"): two instances of the built shop on
 * one PostgreSQL database, and a crowd of shoppers racing for one product with a fixed stock.
 *
 * 1. Drops and recreates the database (BENCH_DATABASE_URL, default
 *    postgres://postgres@127.0.0.1:5432/shop_flash), starts instance A with the demo seed (it
 *    migrates and seeds), then instance B on the same database without a seed. Both get the same
 *    AUTH_SECRET (docs/operations.md "Several instances") and trust X-Forwarded-For, so each
 *    shopper is its own client address (the per-address limits of docs/security.md and the
 *    scarce-hold cap of docs/stock.md would otherwise stop one address after a few payments).
 * 2. Sets the sale variant's stock to BENCH_STOCK (default 500) with the admin's own adjustment
 *    (adjustStock, server/stock/adjust.ts): stock tracking on.
 * 3. Sends BENCH_SHOPPERS (default 2000) shoppers, each with its own cookie jar, arriving evenly
 *    over BENCH_SECONDS (default 120), at most BENCH_CONCURRENCY (default 32) at once. Each adds
 *    BENCH_QUANTITY (default 1) to the cart and checks out with the sandbox card: add to cart →
 *    address → pay → sandbox card page → /payment-success. Requests alternate between the two
 *    instances (no sticky sessions: a cart filled on A is paid on B); BENCH_STICKY=1 keeps each
 *    shopper on one instance (shoppers alternate). A refused shopper records the step and the text
 *    it was shown (the flash toast of the cart's redirect, the toast of the checkout page).
 * 4. Checks, and exits 1 when any fails: paid orders of the product == min(shoppers, stock ÷
 *    quantity) (from the database), units sold ≤ stock and stock never negative (sampled while
 *    the sale runs), no HTTP 5xx, every shopper either paid or was told "Only N left" / sold out.
 *    Prints each step's count and p50/p95/p99 per instance and overall, wall time and orders/s.
 * 5. Stops both instances (the database is kept for a look afterwards).
 *
 * Run `npm run build` first. Needs a PostgreSQL server the URL's user may create databases on.
 */

import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { openDatabase } from "../server/db/client.ts";
import { adjustStock } from "../server/stock/adjust.ts";
import { sandboxBuyer } from "../tests/support/sandbox-buyer.ts";
import { startBenchServer } from "./bench-server.ts";
import { recreateDatabase } from "./support/bench-orders-data.ts";
import { percentile, printTable } from "./support/bench-timing.ts";

const root = path.resolve(import.meta.dirname, "..");
const shopperCount = Number(process.env.BENCH_SHOPPERS ?? 2000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);
const seconds = Number(process.env.BENCH_SECONDS ?? 120);
const quantity = Number(process.env.BENCH_QUANTITY ?? 1);
const stock = Number(process.env.BENCH_STOCK ?? 500);
const sticky = process.env.BENCH_STICKY === "1";
const databaseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/shop_flash";

const steps = ["add to cart", "address", "pay", "card page", "success page", "success page again"] as const;
type Step = (typeof steps)[number];
type Instance = { name: string; url: string };

/** One request's record: which step, which instance answered, how long, which status. */
type Timing = { step: Step; instance: string; ms: number; status: number };

type Outcome =
  /** `pending`: the first success page said "Your payment is safe" and a later look confirmed it. */
  | { kind: "paid"; pending: boolean }
  | { kind: "refused"; step: Step; message: string }
  | { kind: "error"; step: Step; detail: string };

/**
 * What a sold-out shopper may be told: "Only N left" / "<product> (<size>) is sold out" (core/stock.ts
 * shortageMessage: the cart's cap and Pay's reservation), "This product is sold out." (the cart, at
 * a count of 0) and Pay's refusal of a cart whose line went to 0 meanwhile (server/checkout/refusals.ts).
 */
const soldOutTexts = [
  /^Only \d+ left$/,
  / is sold out$/,
  /^This product is sold out\.$/,
  /^Payment Failed: Some items in your cart are sold out or no longer available\. Remove them first\.$/,
];
const isSoldOutRefusal = (message: string) => soldOutTexts.some((text) => text.test(message));

const timings: Timing[] = [];
const serverErrors: string[] = [];

/** Where every order goes: a state without sales tax, the default (free) shipping zone. */
const benchAddress = {
  name: "Flash Buyer",
  phone: "+1 503 555 0100",
  line1: "1 Main St",
  city: "Portland",
  state: "OR",
  postalCode: "97204",
  country: "US",
};

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

/** A distinct benchmark-range address per shopper (198.18.0.0/15). */
function clientAddress(n: number) {
  return `198.18.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
}

/** react-router's unsigned cookie: URI-encoded base64 of the JSON. */
function decodeCookieValue(raw: string): unknown {
  try {
    return JSON.parse(Buffer.from(decodeURIComponent(raw), "base64").toString("utf8"));
  } catch {
    return null;
  }
}

/** The destructive flash toasts a response sets (a cart change refused on a plain form post). */
function refusalToasts(response: Response): string[] {
  const found: string[] = [];
  for (const cookie of response.headers.getSetCookie()) {
    const [pair] = cookie.split(";");
    const [name, ...rest] = pair!.split("=");
    if (name !== "flash-toast") continue;
    const value = decodeCookieValue(rest.join("="));
    const toasts = Array.isArray(value) ? value : [value];
    for (const toast of toasts as { description?: string; title?: string; variant?: string }[])
      if (toast?.variant === "destructive") found.push(toast.description ?? toast.title ?? "");
  }
  return found;
}

/** The refusal a checkout page answered with: its toast texts, as the page's data carries them. */
function pageRefusal(html: string): string | null {
  const unescaped = html
    .replace(/\\"/g, '"')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");
  const stockText = unescaped.match(/Only \d+ left|[^"<>\\]{1,200} is sold out|This product is sold out\./);
  if (stockText) return stockText[0];
  const title = unescaped.match(/"title","([^"]{1,200})","description","([^"]{1,500})"/);
  if (title) return `${title[1]}: ${title[2]}`;
  return null;
}

/** An error page's heading or title ("We'll be right back" is the 503 of server/http/unavailable.ts). */
function pageTitle(html: string): string {
  const heading = html.match(/<h1[^>]*>([^<]{1,200})<\/h1>/i)?.[1];
  const title = html.match(/<title>([^<]{1,200})<\/title>/i)?.[1];
  return heading ?? title ?? html.slice(0, 120);
}

class Shopper {
  private cookies = new Map<string, string>();
  private turn: number;
  constructor(
    private readonly n: number,
    private readonly instances: Instance[],
  ) {
    this.turn = n % instances.length;
  }

  private next(): Instance {
    const instance = this.instances[this.turn % this.instances.length]!;
    if (!sticky) this.turn++;
    return instance;
  }

  private keep(response: Response) {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const at = pair!.indexOf("=");
      const name = pair!.slice(0, at);
      const value = pair!.slice(at + 1);
      if (value === "" || /max-age=0|expires=thu, 01 jan 1970/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(step: Step, to: string, body?: URLSearchParams): Promise<TextResponse> {
    const instance = this.next();
    const started = performance.now();
    const response = await fetch(`${instance.url}${to}`, {
      method: body ? "POST" : "GET",
      body,
      redirect: "manual",
      headers: {
        Origin: instance.url,
        Cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
        "X-Forwarded-For": clientAddress(this.n),
        ...(body ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
      },
    });
    const text = await response.text();
    timings.push({ step, instance: instance.name, ms: performance.now() - started, status: response.status });
    if (response.status >= 500)
      serverErrors.push(
        `${step} on ${instance.name}: ${response.status} ${pageRefusal(text) ?? pageTitle(text)}`,
      );
    this.keep(response);
    return Object.assign(response, { body_text: text });
  }
}

type TextResponse = Response & { body_text: string };

async function shop(
  n: number,
  instances: Instance[],
  productId: string,
  variantId: string,
): Promise<Outcome> {
  const shopper = new Shopper(n, instances);
  const add = await shopper.request(
    "add to cart",
    "/cart",
    form({ intent: "add", productId, variantId, quantity: String(quantity), redirectTo: "/checkout" }),
  );
  const refused = refusalToasts(add);
  if (refused.length > 0) return { kind: "refused", step: "add to cart", message: refused[0]! };
  if (add.status !== 302)
    return {
      kind: "error",
      step: "add to cart",
      detail: `status ${add.status}: ${pageTitle(add.body_text)}`,
    };

  const address = await shopper.request(
    "address",
    "/checkout",
    form({ intent: "save-address", ...benchAddress }),
  );
  if (address.status !== 302) {
    const message = pageRefusal(address.body_text);
    if (message && isSoldOutRefusal(message)) return { kind: "refused", step: "address", message };
    return {
      kind: "error",
      step: "address",
      detail: `status ${address.status}: ${message ?? pageTitle(address.body_text)}`,
    };
  }

  const paid = await shopper.request(
    "pay",
    "/checkout",
    form({ intent: "pay", purchaseType: "one_time", paymentMethod: "card" }),
  );
  const sandbox = paid.headers.get("location");
  if (!sandbox?.startsWith("/sandbox/pay/")) {
    const toast = refusalToasts(paid)[0];
    const message = toast ?? pageRefusal(paid.body_text);
    if (message && isSoldOutRefusal(message)) return { kind: "refused", step: "pay", message };
    return {
      kind: "error",
      step: "pay",
      detail: `status ${paid.status} → ${sandbox ?? "-"}: ${message ?? pageTitle(paid.body_text)}`,
    };
  }

  const card = await shopper.request(
    "card page",
    sandbox,
    form(sandboxBuyer("Flash Buyer", `flash${n}@example.com`)),
  );
  const success = card.headers.get("location");
  if (!success?.startsWith("/payment-success"))
    return { kind: "error", step: "card page", detail: `status ${card.status} → ${success ?? "-"}` };

  let page = await shopper.request("success page", success);
  // Payment taken but not confirmed yet: the page says so and, in a browser, looks again every
  // 5 s, up to 12 times (app/components/store/payment-processing.tsx). So does the shopper here.
  let pending = false;
  for (let again = 1; page.body_text.includes("Your payment is safe") && again <= 12; again++) {
    pending = true;
    await new Promise((r) => setTimeout(r, 5000));
    page = await shopper.request("success page again", success);
  }
  if (!page.body_text.includes("Payment Successful!")) {
    const shown = page.body_text.includes("Your payment is safe")
      ? "still 'Your payment is safe' after 12 looks"
      : (pageRefusal(page.body_text) ?? pageTitle(page.body_text));
    return { kind: "error", step: "success page", detail: `status ${page.status}: ${shown}` };
  }
  return { kind: "paid", pending };
}

/** The first product on /products with exactly one live variant, not marked sold out. */
async function pickSaleProduct(sql: postgres.Sql, url: string) {
  const html = await (await fetch(`${url}/products`)).text();
  const listed = [...html.matchAll(/name="productId" value="([0-9a-f-]{36})"/g)].map((m) => m[1]!);
  if (listed.length === 0) throw new Error("no product on /products");
  const rows = await sql<{ product_id: string; variant_id: string; name: string }[]>`
    select v.product_id, min(v.id::text) as variant_id, min(p.name) as name
    from product_variants v join products p on p.id = v.product_id
    where v.product_id = any(${listed}::uuid[]) and v.archived_at is null
    group by v.product_id
    having count(*) = 1 and bool_and(not v.sold_out)`;
  const byId = new Map(rows.map((r) => [r.product_id, r]));
  const chosen = listed.map((id) => byId.get(id)).find(Boolean);
  if (!chosen) throw new Error("no listed product with a single variant");
  return { productId: chosen.product_id, variantId: chosen.variant_id, name: chosen.name };
}

/** Samples the variant's count and free units while the sale runs (lowest seen). */
function watchStock(sql: postgres.Sql, variantId: string) {
  let lowestCount = Number.POSITIVE_INFINITY;
  let lowestFree = Number.POSITIVE_INFINITY;
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const [row] = await sql<{ count: number; held: number }[]>`
        select v.stock_quantity as count,
               coalesce((select sum(r.quantity) from stock_reservations r
                         where r.variant_id = v.id and r.expires_at > now()), 0)::int as held
        from product_variants v where v.id = ${variantId}`;
      if (row) {
        samples++;
        lowestCount = Math.min(lowestCount, row.count);
        lowestFree = Math.min(lowestFree, row.count - row.held);
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return { lowestCount, lowestFree, samples };
  };
}

const fmt = (value: number) => value.toFixed(0);

function stepRows(filter: (t: Timing) => boolean) {
  return steps.flatMap((step) => {
    const times = timings
      .filter((t) => t.step === step && filter(t))
      .map((t) => t.ms)
      .sort((a, b) => a - b);
    if (times.length === 0) return [];
    return [
      [
        step,
        String(times.length),
        fmt(percentile(times, 50)),
        fmt(percentile(times, 95)),
        fmt(percentile(times, 99)),
      ],
    ];
  });
}

async function main() {
  if (!existsSync(path.join(root, "build/server/index.js")))
    throw new Error("build/server/index.js is missing: run `npm run build` first");
  await recreateDatabase(databaseUrl);
  const env = {
    TRUST_PROXY: "true",
    AUTH_SECRET: randomBytes(32).toString("hex"),
    // Every refusal is a warning line with its stack; errors (a 5xx) still print.
    LOG_LEVEL: process.env.LOG_LEVEL ?? "error",
  };
  const dirs = [mkdtempSync(path.join(tmpdir(), "flash-a-")), mkdtempSync(path.join(tmpdir(), "flash-b-"))];
  const servers: { stop(): Promise<void> }[] = [];
  const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  try {
    const a = await startBenchServer({ dataDir: dirs[0]!, databaseUrl, seed: "demo", env });
    servers.push(a);
    const b = await startBenchServer({ dataDir: dirs[1]!, databaseUrl, seed: "none", env });
    servers.push(b);
    const instances: Instance[] = [
      { name: "A", url: a.url },
      { name: "B", url: b.url },
    ];

    const sale = await pickSaleProduct(sql, a.url);
    const database = await openDatabase({ url: databaseUrl, max: 1 });
    try {
      await adjustStock(
        database.db,
        sale.productId,
        {
          variantId: sale.variantId,
          mode: "set",
          quantity: stock,
          reason: "received",
          note: "flash sale bench",
        },
        null,
      );
    } finally {
      await database.close();
    }
    console.log(
      `Flash sale: ${sale.name} (${sale.productId}), ${stock} units; ${shopperCount} shoppers × ${quantity} over ` +
        `${seconds} s, concurrency ${concurrency}, ${sticky ? "each shopper on one instance" : "requests alternating A/B"}`,
    );

    // The demo seed has paid orders of its own: only those placed from here on count.
    const [{ saleStart }] = (await sql`select now() as "saleStart"`) as unknown as [{ saleStart: Date }];
    const stopWatching = watchStock(sql, sale.variantId);
    const outcomes: Outcome[] = new Array(shopperCount);
    const gapMs = (seconds * 1000) / shopperCount;
    let next = 0;
    let latestStartMs = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < shopperCount) {
          const n = next++;
          const due = started + n * gapMs;
          const wait = due - performance.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          latestStartMs = Math.max(latestStartMs, performance.now() - due);
          outcomes[n] = await shop(n, instances, sale.productId, sale.variantId).catch(
            (error: Error): Outcome => ({ kind: "error", step: "add to cart", detail: String(error) }),
          );
        }
      }),
    );
    const wallSeconds = (performance.now() - started) / 1000;
    const load = loadavg()
      .map((l) => l.toFixed(2))
      .join(", ");
    const watched = await stopWatching();

    // What the database says.
    const [orders] = await sql<{ paid_orders: number; paid_units: number; unpaid: number }[]>`
      select count(distinct o.id) filter (where o.payment_status = 'paid')::int as paid_orders,
             coalesce(sum(i.quantity) filter (where o.payment_status = 'paid'), 0)::int as paid_units,
             count(distinct o.id) filter (where o.payment_status <> 'paid')::int as unpaid
      from orders o join order_items i on i.order_id = o.id
      where i.product_id = ${sale.productId} and o.created_at >= ${saleStart}`;
    const [left] = await sql<{ count: number; shortfall: number; sold: number }[]>`
      select v.stock_quantity as count,
             coalesce((select sum(m.shortfall) from stock_movements m where m.variant_id = v.id), 0)::int as shortfall,
             coalesce((select -sum(m.delta) from stock_movements m
                       where m.variant_id = v.id and m.reason = 'sale' and m.created_at >= ${saleStart}), 0)::int as sold
      from product_variants v where v.id = ${sale.variantId}`;

    const paidShoppers = outcomes.filter((o) => o.kind === "paid").length;
    const refusals = outcomes.filter((o) => o.kind === "refused");
    const errors = outcomes.filter((o) => o.kind === "error");
    const wrongRefusals = refusals.filter((o) => !isSoldOutRefusal(o.message));
    const expectedOrders = Math.min(shopperCount, Math.floor(stock / quantity));

    console.log(
      `\nWall time ${wallSeconds.toFixed(1)} s, ${(orders!.paid_orders / wallSeconds).toFixed(2)} paid orders/s; ` +
        `the last shopper started ${(latestStartMs / 1000).toFixed(1)} s behind its arrival time; load average ${load}`,
    );
    console.log(
      `Shoppers: ${paidShoppers} paid, ${refusals.length} refused, ${errors.length} other outcomes`,
    );
    const byText = new Map<string, number>();
    for (const r of refusals) {
      const key = `${r.step}: ${r.message.replace(/\d+/g, "N")}`;
      byText.set(key, (byText.get(key) ?? 0) + 1);
    }
    for (const [text, n] of byText) console.log(`  refused at ${text} × ${n}`);
    const pendingFirst = outcomes.filter((o) => o.kind === "paid" && o.pending).length;
    if (pendingFirst > 0)
      console.log(`  paid, first shown "Your payment is safe" (confirmed on a later look) × ${pendingFirst}`);
    const byError = new Map<string, number>();
    for (const e of errors) {
      const key = `${e.step}: ${e.detail.replace(/\d+/g, "N")}`;
      byError.set(key, (byError.get(key) ?? 0) + 1);
    }
    for (const [text, n] of byError) console.log(`  other at ${text} × ${n}`);
    console.log(
      `Database: ${orders!.paid_orders} paid orders (${orders!.paid_units} units), ${orders!.unpaid} not paid; ` +
        `stock left ${left!.count}, sale movements ${left!.sold} units, shortfall ${left!.shortfall}; ` +
        `lowest count seen ${watched.lowestCount}, lowest free (count − holds) ${watched.lowestFree} in ${watched.samples} samples`,
    );
    const statuses = new Map<string, number>();
    for (const t of timings)
      statuses.set(`${t.step} ${t.status}`, (statuses.get(`${t.step} ${t.status}`) ?? 0) + 1);
    console.log(`Statuses: ${[...statuses].map(([k, n]) => `${k} × ${n}`).join(", ")}`);

    console.log("\nms per request (each step is one HTTP request):\n");
    const head = ["step", "count", "p50", "p95", "p99"];
    for (const instance of instances) {
      console.log(`Instance ${instance.name}:`);
      printTable(
        head,
        stepRows((t) => t.instance === instance.name),
      );
      console.log("");
    }
    console.log("Both instances:");
    printTable(
      head,
      stepRows(() => true),
    );

    const checks: [string, boolean, string][] = [
      [`paid orders == ${expectedOrders}`, orders!.paid_orders === expectedOrders, `${orders!.paid_orders}`],
      [
        `units sold ≤ ${stock} (oversold 0)`,
        orders!.paid_units <= stock && left!.sold <= stock,
        `${orders!.paid_units} paid, ${left!.sold} taken`,
      ],
      [
        "stock never negative",
        watched.lowestCount >= 0 && watched.lowestFree >= 0 && left!.count >= 0,
        `lowest ${watched.lowestCount}, free ${watched.lowestFree}`,
      ],
      ["stock left == stock − units sold", left!.count === stock - orders!.paid_units, `${left!.count}`],
      ["no shortfall (late payment) recorded", left!.shortfall === 0, `${left!.shortfall}`],
      ["paid shoppers == paid orders", paidShoppers === orders!.paid_orders, `${paidShoppers}`],
      ["0 HTTP 5xx", serverErrors.length === 0, `${serverErrors.length}`],
      [
        "every refusal says Only N left / sold out",
        wrongRefusals.length === 0,
        `${wrongRefusals.length} other`,
      ],
      ["every shopper paid or was refused", errors.length === 0, `${errors.length} other outcomes`],
    ];
    console.log("\nChecks:");
    for (const [what, ok, seen] of checks) console.log(`  ${ok ? "ok  " : "FAIL"} ${what} (${seen})`);
    const examples = [
      ...serverErrors.slice(0, 5),
      ...wrongRefusals.slice(0, 5).map((o) => `refused at ${o.step}: ${o.message}`),
      ...errors.slice(0, 5).map((o) => `${o.step}: ${o.detail}`),
    ];
    if (examples.length > 0) console.log(`Examples:\n  ${examples.join("\n  ")}`);
    if (checks.some(([, ok]) => !ok)) process.exitCode = 1;
  } finally {
    await sql.end();
    for (const server of servers.reverse()) await server.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
