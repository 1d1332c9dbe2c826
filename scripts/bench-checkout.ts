/**
 * `npm run bench:checkout`: drives complete sandbox checkouts through HTTP against a server it
 * starts itself (built app, demo data, free port): add to cart → pay at /checkout → pay on the
 * sandbox card page → /payment-success. Reports orders/s and latency percentiles.
 * BENCH_CHECKOUTS (default 200) and BENCH_CONCURRENCY (default 8) change the load;
 * BENCH_DATABASE_URL runs it on PostgreSQL (that database is used as is), else embedded PGlite.
 * Run `npm run build` first.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const total = Number(process.env.BENCH_CHECKOUTS ?? 200);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? "";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

async function startServer() {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-checkout-"));
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: path.resolve(import.meta.dirname, ".."),
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED: "demo",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error("server exited before it was ready");
    if (
      await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = async () => {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { url, stop };
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

/** One whole checkout as a browser without JavaScript would do it; returns its duration in ms. */
async function checkoutOnce(url: string, productId: string): Promise<number> {
  const started = performance.now();
  const post = (to: string, body: URLSearchParams, cookie = "") =>
    fetch(`${url}${to}`, {
      method: "POST",
      body,
      redirect: "manual",
      headers: { Origin: url, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    });
  const added = await post(
    "/cart",
    form({ intent: "add", productId, quantity: "2", redirectTo: "/checkout" }),
  );
  const cookie = added.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const paid = await post(
    "/checkout",
    form({ intent: "pay", purchaseType: "one_time", paymentMethod: "card" }),
    cookie,
  );
  const sandbox = paid.headers.get("location");
  if (!sandbox?.startsWith("/sandbox/pay/"))
    throw new Error(`checkout did not redirect to the sandbox (${paid.status})`);
  const buyer = form({
    intent: "pay",
    name: "Bench Buyer",
    email: "bench@example.com",
    phone: "555-0100",
    line1: "1 Main St",
    city: "Austin",
    state: "TX",
    postalCode: "78701",
    country: "US",
    cardNumber: "4242424242424242",
  });
  const returned = await post(sandbox, buyer, cookie);
  const success = returned.headers.get("location");
  if (!success?.startsWith("/payment-success"))
    throw new Error(`sandbox payment failed (${returned.status})`);
  const page = await fetch(`${url}${success}`, { headers: { Cookie: cookie } });
  if (!(await page.text()).includes("Payment Successful!")) throw new Error("success page without the order");
  return performance.now() - started;
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
    await checkoutOnce(server.url, productId); // warm-up
    const durations: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < total) {
          next++;
          durations.push(await checkoutOnce(server.url, productId));
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    durations.sort((a, b) => a - b);
    console.log(
      `${databaseUrl ? "PostgreSQL" : "PGlite"}: ${total} checkouts, concurrency ${concurrency}: ` +
        `${(total / seconds).toFixed(1)} orders/s, p50 ${percentile(durations, 50).toFixed(0)} ms, ` +
        `p95 ${percentile(durations, 95).toFixed(0)} ms`,
    );
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
