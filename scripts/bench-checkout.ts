/**
 * `npm run bench:checkout`: drives complete sandbox checkouts through HTTP against a server it
 * starts itself (built app, demo data, free port): add to cart → shipping address at /checkout → pay at /checkout → pay on the
 * sandbox card page → /payment-success. On PostgreSQL each checkout also applies a coupon (BENCH10,
 * 10 % off, made in the bench database at the start) before paying: six requests.
 * Reports orders/s and latency percentiles.
 * BENCH_CHECKOUTS (default 200) and BENCH_CONCURRENCY (default 8) change the load;
 * BENCH_DATABASE_URL runs it on PostgreSQL (that database is used as is), else embedded PGlite.
 * BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the server (node --cpu-prof) into that directory.
 * Run `npm run build` first.
 */

import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { sandboxBuyer } from "../tests/support/sandbox-buyer.ts";
import { startBenchServer } from "./bench-server.ts";

const total = Number(process.env.BENCH_CHECKOUTS ?? 200);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? "";
const profileDir = process.env.BENCH_CPU_PROF;

async function startServer() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-checkout-"));
  const profile = profileDir ? ["--cpu-prof", "--cpu-prof-dir", path.resolve(profileDir)] : [];
  const server = await startBenchServer({
    dataDir,
    databaseUrl,
    seed: "demo",
    nodeFlags: profile,
    env: { TRUST_PROXY: "true" },
  });
  const stop = async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { url: server.url, stop, pid: server.pid };
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); 0 elsewhere. */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in 1/100 s
  } catch {
    return 0;
  }
}

/**
 * CPU used by the three parties sharing the machine: the server, the PostgreSQL backends serving
 * the bench database (none with PGlite, which runs inside the server) and this client.
 */
async function cpuSnapshot(serverPid: number) {
  let database = 0;
  if (databaseUrl) {
    const client = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    const rows = await client`select pid from pg_stat_activity
                              where datname = current_database() and pid <> pg_backend_pid()`;
    await client.end();
    for (const { pid } of rows) database += cpuMs(pid);
  }
  const own = process.cpuUsage();
  return { server: cpuMs(serverPid), database, client: (own.user + own.system) / 1000 };
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

const steps = ["add to cart", "address", "coupon", "checkout", "pay", "success page"] as const;
type StepTimes = Record<(typeof steps)[number], number>;

let shoppers = 0;
/** A distinct documentation-range address per shopper (198.18.0.0/15, for benchmarks). */
function nextClientAddress() {
  shoppers += 1;
  return `198.18.${Math.floor(shoppers / 250) % 250}.${(shoppers % 250) + 1}`;
}

/** Where every bench order goes: a state without sales tax, the default (free) shipping zone. */
const benchAddress = {
  name: "Bench Buyer",
  phone: "+1 503 555 0100",
  line1: "1 Main St",
  city: "Portland",
  state: "OR",
  postalCode: "97204",
  country: "US",
};

/**
 * The coupon every bench checkout uses: created in the bench database (PostgreSQL only; the
 * embedded database lives inside the server's process, so there the bench pays without one).
 */
const BENCH_COUPON = "BENCH10";

async function createBenchCoupon(): Promise<string | null> {
  if (!databaseUrl) return null;
  const client = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await client`insert into coupons (code, discount_type, discount_value_hundredths)
                 values (${BENCH_COUPON}, 'percentage', 1000) on conflict (code) do nothing`;
  } finally {
    await client.end();
  }
  return BENCH_COUPON;
}

/** How many paid orders carry the coupon (each bench checkout should). */
async function paidWithCoupon(code: string): Promise<number> {
  const client = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [row] = await client`select count(*)::int as n from orders
                               where coupon_code = ${code} and payment_status = 'paid'`;
    return row!.n as number;
  } finally {
    await client.end();
  }
}

/** One whole checkout as a browser without JavaScript would do it; returns each request's duration in ms. */
async function checkoutOnce(url: string, productId: string, coupon: string | null): Promise<StepTimes> {
  // Each checkout is another shopper: the per-address limits on paying (docs/security.md) would
  // otherwise stop one address after a few payments. The server trusts X-Forwarded-For here.
  const client = nextClientAddress();
  let started = performance.now();
  const lap = () => {
    const now = performance.now();
    const ms = now - started;
    started = now;
    return ms;
  };
  const post = (to: string, body: URLSearchParams, cookie = "") =>
    fetch(`${url}${to}`, {
      method: "POST",
      body,
      redirect: "manual",
      headers: {
        Origin: url,
        Cookie: cookie,
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Forwarded-For": client,
      },
    });
  const added = await post(
    "/cart",
    form({ intent: "add", productId, quantity: "2", redirectTo: "/checkout" }),
  );
  const addMs = lap();
  const cookie = added.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const addressed = await post("/checkout", form({ intent: "save-address", ...benchAddress }), cookie);
  if (addressed.status !== 302) throw new Error(`address step failed (${addressed.status})`);
  const addressMs = lap();
  if (coupon) {
    // The page answers with the coupon applied; its form then carries it to Pay (appliedCoupon).
    const applied = await post("/checkout", form({ intent: "apply-coupon", couponCode: coupon }), cookie);
    if (!(await applied.text()).includes(`value="${coupon}"`)) throw new Error("the coupon was not applied");
  }
  const couponMs = lap();
  const paid = await post(
    "/checkout",
    form({ intent: "pay", purchaseType: "one_time", paymentMethod: "card", appliedCoupon: coupon ?? "" }),
    cookie,
  );
  const checkoutMs = lap();
  const sandbox = paid.headers.get("location");
  if (!sandbox?.startsWith("/sandbox/pay/"))
    throw new Error(`checkout did not redirect to the sandbox (${paid.status})`);
  const buyer = form(sandboxBuyer("Bench Buyer", "bench@example.com"));
  const returned = await post(sandbox, buyer, cookie);
  const payMs = lap();
  const success = returned.headers.get("location");
  if (!success?.startsWith("/payment-success"))
    throw new Error(`sandbox payment failed (${returned.status})`);
  const page = await fetch(`${url}${success}`, { headers: { Cookie: cookie } });
  if (!(await page.text()).includes("Payment Successful!")) throw new Error("success page without the order");
  return {
    "add to cart": addMs,
    address: addressMs,
    coupon: couponMs,
    checkout: checkoutMs,
    pay: payMs,
    "success page": lap(),
  };
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main() {
  const server = await startServer();
  try {
    const html = await (await fetch(`${server.url}/products`)).text();
    const productId = html.match(/name="productId" value="([0-9a-f-]{36})"/)?.[1];
    if (!productId) throw new Error("no product on /products");
    const coupon = await createBenchCoupon();
    // Warm-up (JIT, connection pool, caches), not counted.
    for (let i = 0; i < 20; i++) await checkoutOnce(server.url, productId, coupon);
    const runs: StepTimes[] = [];
    let next = 0;
    const cpuBefore = await cpuSnapshot(server.pid);
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < total) {
          next++;
          runs.push(await checkoutOnce(server.url, productId, coupon));
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const cpuAfter = await cpuSnapshot(server.pid);
    const durations = runs.map((r) => steps.reduce((sum, step) => sum + r[step], 0)).sort((a, b) => a - b);
    console.log(
      `${databaseUrl ? "PostgreSQL" : "PGlite"}: ${total} checkouts, concurrency ${concurrency}: ` +
        `${(total / seconds).toFixed(1)} orders/s, p50 ${percentile(durations, 50).toFixed(0)} ms, ` +
        `p95 ${percentile(durations, 95).toFixed(0)} ms`,
    );
    for (const step of steps) {
      const times = runs.map((r) => r[step]).sort((a, b) => a - b);
      console.log(
        `  ${step}: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`,
      );
    }
    const perOrder = (party: keyof typeof cpuAfter) => (cpuAfter[party] - cpuBefore[party]) / total;
    const cpu = { server: perOrder("server"), database: perOrder("database"), client: perOrder("client") };
    console.log(
      `  CPU per order: server ${cpu.server.toFixed(1)} ms, database ${cpu.database.toFixed(1)} ms, ` +
        `bench client ${cpu.client.toFixed(1)} ms`,
    );
    if (coupon) console.log(`  paid orders with ${coupon}: ${await paidWithCoupon(coupon)}`);
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
