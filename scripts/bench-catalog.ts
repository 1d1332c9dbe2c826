/**
 * `npm run bench:catalog`: the storefront's read pages under load, next to a static asset served
 * by the same server (the ratio is the figure to compare across machines and runs).
 *
 * Seeds the demo data plus BENCH_PRODUCTS products (default 10,000; names, prices and images
 * like the demo's, created before them), starts the built app in production mode and drives each
 * page with BENCH_CONNECTIONS keep-alive connections (default 16) for BENCH_SECONDS (default 8)
 * after a short warm-up: /, /products, /products?page=<last>, a product page (as a person, so
 * each request counts a view), a blog post and a hashed JS asset. Prints req/s, p50/p95/p99, the
 * ratio to the asset's req/s, the HTML size of each page and the server's peak resident memory
 * during the product page's run.
 *
 * BENCH_PAGES (names as printed, comma-separated) runs only those rows; BENCH_CPU_PROFILE=<folder>
 * makes the server write a V8 CPU profile there when it stops.
 *
 * BENCH_DATABASE_URL runs it on PostgreSQL (that database is emptied first: use a scratch one),
 * else the embedded PGlite in a temporary folder. Run `npm run build` first.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../server/db/client.ts";
import { seedDemoDataIfEmpty } from "../server/db/seed/demo.ts";

const extraProducts = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? "";
const root = path.resolve(import.meta.dirname, "..");
const person =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

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

/** Demo data and the extra products, written before the server opens the database. */
async function seed(dataDir: string) {
  const database = await openDatabase({ url: databaseUrl || undefined, dataDir: path.join(dataDir, "db") });
  try {
    if (databaseUrl) {
      await database.db.execute(sql`drop schema if exists public cascade`);
      await database.db.execute(sql`drop schema if exists drizzle cascade`);
      await database.db.execute(sql`create schema public`);
    }
    await database.migrate();
    await seedDemoDataIfEmpty(database.db, { uploadsDir: path.join(dataDir, "uploads") });
    // Copies of the demo products (same texts and images), older than them, with their own names.
    await database.db.execute(sql`
      insert into products (name, slug, description, price_cents, weight_type, sold_out, image_url,
        image_urls, tags, view_count, seo_title, seo_description, seo_keywords, created_at)
      select d.name || ' No. ' || n, d.slug || '-' || n, d.description, 1000 + (n * 7919) % 15000,
        d.weight_type, d.sold_out, d.image_url, d.image_urls, d.tags, d.view_count, d.seo_title,
        d.seo_description, d.seo_keywords, now() - interval '1 day' - n * interval '1 second'
      from generate_series(1, ${extraProducts}) as n
      cross join lateral (
        select * from products order by created_at desc
        offset (n % 4) limit 1
      ) d`);
    await database.db.execute(sql`analyze`);
  } finally {
    await database.close();
  }
}

async function startServer(dataDir: string) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // BENCH_CPU_PROFILE=<folder>: the server writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROFILE;
  const flags = profile ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(profile)}`] : [];
  const child = spawn(process.execPath, [...flags, "--import", "tsx", "server/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED: "none",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error("server exited before it was ready");
    if (Date.now() > deadline) throw new Error("server not ready after 90 s");
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = async () => {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  };
  return { url, pid: child.pid!, stop };
}

/** Resident memory of a process in MB (Linux). */
function rssMb(pid: number): number {
  const match = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
  return match ? Number(match[1]) / 1024 : 0;
}

type Run = { requests: number; perSecond: number; p50: number; p95: number; p99: number; errors: number };

function get(agent: http.Agent, url: URL): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers: { "User-Agent": person } }, (response) => {
      let bytes = 0;
      response.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, bytes }));
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;

/** `connections` loops requesting `url` for `durationMs`; latencies in ms. */
async function load(url: URL, durationMs: number): Promise<Run> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const end = started + durationMs;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        const { status } = await get(agent, url).catch(() => ({ status: 0, bytes: 0 }));
        if (status !== 200) errors++;
        latencies.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors,
  };
}

async function pagePaths(base: string) {
  const home = await (await fetch(`${base}/`)).text();
  const asset = home.match(/\/assets\/[\w.-]+\.js/)?.[0];
  const list = await (await fetch(`${base}/products`)).text();
  const count = Number(list.match(/([\d,]+) products/)?.[1]?.replace(/,/g, "") ?? 0);
  const lastPage = Math.max(1, Math.ceil(count / 24));
  const blog = await (await fetch(`${base}/blog`)).text();
  const post = blog.match(/href="(\/blog\/[^"]+)"/)?.[1];
  if (!asset || !post) throw new Error("home page without a script asset, or no blog post");
  return {
    count,
    paths: [
      ["/", "/"],
      ["/products", "/products"],
      ["/products?page=last", `/products?page=${lastPage}`],
      ["product page", "/product/gold-grade-shilajit-resin"],
      ["blog post", post],
      ["static asset", asset],
    ] as const,
  };
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-catalog-"));
  const label = databaseUrl ? "PostgreSQL" : "PGlite";
  try {
    const seedStart = performance.now();
    await seed(dataDir);
    console.log(
      `${label}: seeded demo data + ${extraProducts} products in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );
    const server = await startServer(dataDir);
    try {
      const { count, paths } = await pagePaths(server.url);
      console.log(`${count} products; ${connections} connections, ${seconds} s a page after a 2 s warm-up\n`);
      const rows: (Run & { name: string; path: string; kb: number; peakRss?: number })[] = [];
      // BENCH_PAGES=/,product page: only these rows (names as printed).
      const only = process.env.BENCH_PAGES?.split(",");
      for (const [name, pathname] of paths.filter(([name]) => !only || only.includes(name))) {
        const url = new URL(pathname, server.url);
        const { bytes } = await get(new http.Agent(), url);
        await load(url, 2000);
        let peakRss = rssMb(server.pid);
        const sampler = setInterval(() => {
          peakRss = Math.max(peakRss, rssMb(server.pid));
        }, 200);
        const run = await load(url, seconds * 1000);
        clearInterval(sampler);
        rows.push({ name, path: pathname, kb: bytes / 1024, ...run, peakRss });
      }
      const asset = rows.at(-1)!.perSecond;
      console.log("page                 req/s  ratio   p50 ms  p95 ms  p99 ms  errors  size KB  peak RSS MB");
      for (const r of rows) {
        console.log(
          `${r.name.padEnd(20)} ${r.perSecond.toFixed(0).padStart(6)} ${(r.perSecond / asset).toFixed(3).padStart(6)} ` +
            `${r.p50.toFixed(1).padStart(8)}${r.p95.toFixed(1).padStart(8)}${r.p99.toFixed(1).padStart(8)}` +
            `${String(r.errors).padStart(8)}${r.kb.toFixed(1).padStart(9)}${(r.peakRss ?? 0).toFixed(0).padStart(13)}`,
        );
      }
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
