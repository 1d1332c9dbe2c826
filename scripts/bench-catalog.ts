/**
 * `npm run bench:catalog`: the storefront's read pages under load, next to a static asset served
 * by the same server (the ratio is the figure to compare across machines and runs).
 *
 * Seeds the demo data plus BENCH_PRODUCTS products (default 10,000; names, prices and images
 * like the demo's, created before them, each with one option and one variant as migration 0018
 * gives), starts the built app in production mode and drives each
 * page with BENCH_CONNECTIONS keep-alive connections (default 16) for BENCH_SECONDS (default 8)
 * after a short warm-up: /, /products, /products?page=<last>, a product page (as a person, so
 * each request counts a view), a blog post, the Resin collection (every copy of a resin joins it)
 * and its last page, two searches and a hashed JS asset. Before that it
 * times a few searches directly on the database, one at a time (scripts/bench-search.ts), and the
 * admin products list's filters and sorts (scripts/bench-admin-products.ts; BENCH_PAGES=admin
 * stops after them). Prints req/s, p50/p95/p99, the
 * ratio to the asset's req/s, the server process's CPU time per request (the figure that does not
 * depend on what else the machine runs; with PostgreSQL its own processes come on top), the HTML
 * size of each page (plain and gzipped) and the server's peak resident memory during each run.
 * Then it fetches the Google feed (/feeds/google.xml) a few times, one at a time: time to the
 * first byte and to the end, size, item count and the server's peak memory ("feed" in BENCH_PAGES),
 * and the sitemap: /sitemap.xml and, above 50,000 URLs, each part its index lists ("sitemap").
 *
 * Anonymous pages are answered from the rendered-page cache (server/http/page-cache.ts);
 * BENCH_RENDER=1 sends a flash-toast cookie with every request, so every page is rendered and
 * reads the database (what the first visit after a change costs, and a page showing a toast).
 *
 * BENCH_PAGES (names as printed, comma-separated) runs only those rows; BENCH_CPU_PROFILE=<folder>
 * makes the server write a V8 CPU profile there when it stops.
 *
 * BENCH_DATABASE_URL runs it on PostgreSQL (that database is emptied first: use a scratch one),
 * else the embedded PGlite in a temporary folder. Run `npm run build` first.
 */
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { type Db, openDatabase } from "../server/db/client.ts";
import { seedDemoDataIfEmpty } from "../server/seed/demo.ts";
import { benchAdminProductList } from "./bench-admin-products.ts";
import { benchSearchQueries } from "./bench-search.ts";
import { startBenchServer } from "./bench-server.ts";
import { cpuTicks, rssMb } from "./support/process-stats.ts";

const extraProducts = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? "";
/**
 * Headers of every timed request: a person's browser, and with BENCH_RENDER a flash-toast cookie
 * (a page carrying one is rendered for its request; any other cookie now gets the shared copy,
 * decision 056).
 */
const requestHeaders: Record<string, string> = {
  "User-Agent":
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
  ...(process.env.BENCH_RENDER === "1" ? { Cookie: "flash-toast=bench" } : {}),
};

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
    // One statement joining a numbered copy of the demo rows: a subquery per row (LATERAL) would
    // rescan the growing table for every row, quadratic (100,000 rows took over 15 minutes).
    await database.db.execute(sql`
      insert into products (name, slug, description, price_cents, price_max_cents, weight_type, sold_out,
        image_url, image_urls, tags, view_count, seo_title, seo_description, seo_keywords, created_at)
      select d.name || ' No. ' || n, d.slug || '-' || n, d.description, 1000 + (n * 7919) % 15000,
        1000 + (n * 7919) % 15000, d.weight_type, d.sold_out, d.image_url, d.image_urls, d.tags, d.view_count, d.seo_title,
        d.seo_description, d.seo_keywords, now() - interval '1 day' - n * interval '1 second'
      from generate_series(1, ${extraProducts}) as n
      join (
        select *, (row_number() over (order by created_at desc) - 1)::int as k,
          count(*) over ()::int as total
        from products
      ) d on d.k = n % d.total`);
    await seedVariants(database.db);
    await seedCollections(database.db);
    await database.db.execute(sql`analyze`);
    await benchSearchQueries(database.db, path.join(dataDir, "uploads"));
    await benchAdminProductList(database.db);
  } finally {
    await database.close();
  }
}

/**
 * Every extra product gets what migration 0018 gave the products made before variants: option
 * Size = its weight and one variant with its price, SKU slug-weight upper case. One INSERT … SELECT
 * each (the demo products already have theirs).
 */
async function seedVariants(db: Db) {
  await db.execute(sql`
    insert into product_options (product_id, name, position, values)
    select p.id, 'Size', 0, array[p.weight_type::text] from products p
    where not exists (select 1 from product_options o where o.product_id = p.id)`);
  await db.execute(sql`
    insert into product_variants (product_id, sku, title, option_values, price_cents, sold_out, position)
    select p.id, upper(p.slug) || '-' || upper(p.weight_type::text), p.weight_type::text,
      array[p.weight_type::text], p.price_cents, p.sold_out, 0
    from products p
    where not exists (select 1 from product_variants v where v.product_id = p.id)`);
}

/** Each copy joins the collections of the demo product it copies, after the demo's own members. */
async function seedCollections(db: Db) {
  await db.execute(sql`
    insert into collection_products (collection_id, product_id, position)
    select cp.collection_id, p.id,
      1000 + row_number() over (partition by cp.collection_id order by p.created_at desc)
    from collection_products cp
    join products d on d.id = cp.product_id
    join products p on p.slug ~ ('^' || d.slug || '-[0-9]+$')
    on conflict do nothing`);
}

function startServer(dataDir: string) {
  // BENCH_CPU_PROFILE=<folder>: the server writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROFILE;
  const nodeFlags = profile ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(profile)}`] : [];
  return startBenchServer({ dataDir, databaseUrl, seed: "none", nodeFlags });
}

/** CPU time the process has used, in ms (user + system; Linux clock ticks of 10 ms). */
const cpuMs = (pid: number) => cpuTicks(pid) * 10;

type Run = { requests: number; perSecond: number; p50: number; p95: number; p99: number; errors: number };

/** One GET as a person's browser would send it; the body is read and dropped. */
function get(agent: http.Agent, url: URL): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers: requestHeaders }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
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
        const status = await get(agent, url).catch(() => 0);
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

type FeedRun = {
  status: number;
  firstByteMs: number;
  totalMs: number;
  mb: number;
  items: number;
  peakRss: number;
};

/**
 * One GET of /feeds/google.xml (as Google fetches it, gzip or not): time to the first body byte
 * and to the end, its size, its items (counted on the fly, the body is not kept) and the server's
 * peak resident memory meanwhile: the feed is streamed, so memory must not grow with the catalog.
 */
function timeFeed(base: string, pid: number, acceptEncoding: string): Promise<FeedRun> {
  const started = performance.now();
  let peakRss = rssMb(pid);
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssMb(pid));
  }, 100);
  return new Promise<FeedRun>((resolve, reject) => {
    const request = http.get(
      new URL("/feeds/google.xml", base),
      { headers: { "Accept-Encoding": acceptEncoding } },
      (response) => {
        let firstByteMs = 0;
        let bytes = 0;
        let items = 0;
        let tail = "";
        response.on("data", (chunk: Buffer) => {
          firstByteMs ||= performance.now() - started;
          bytes += chunk.length;
          // Count "</item>" across chunk borders (only meaningful uncompressed).
          const text = tail + chunk.toString("latin1");
          items += text.split("</item>").length - 1;
          tail = text.slice(-6);
        });
        response.on("end", () => {
          clearInterval(sampler);
          const totalMs = performance.now() - started;
          resolve({
            status: response.statusCode ?? 0,
            firstByteMs,
            totalMs,
            mb: bytes / 1048576,
            items,
            peakRss,
          });
        });
        response.on("error", reject);
      },
    );
    request.on("error", (error) => {
      clearInterval(sampler);
      reject(error);
    });
  });
}

async function reportFeed(base: string, pid: number) {
  console.log("\n/feeds/google.xml         status  first byte ms  total ms     MB   items  peak RSS MB");
  const runs = [
    ["plain, first request", "identity"],
    ["plain, again", "identity"],
    ["gzip (as Google asks)", "gzip"],
  ] as const;
  for (const [name, encoding] of runs) {
    const r = await timeFeed(base, pid, encoding);
    const items = encoding === "identity" ? String(r.items) : "-";
    console.log(
      `${name.padEnd(25)} ${String(r.status).padStart(6)} ${r.firstByteMs.toFixed(0).padStart(14)} ` +
        `${r.totalMs.toFixed(0).padStart(9)} ${r.mb.toFixed(1).padStart(6)} ${items.padStart(7)} ${r.peakRss.toFixed(0).padStart(12)}`,
    );
  }
}

/** One GET, timed to the end; the body as text. */
async function timedText(url: URL) {
  const started = performance.now();
  const response = await fetch(url);
  const text = await response.text();
  return { status: response.status, ms: performance.now() - started, text };
}

/** /sitemap.xml, then every part it lists when it is an index: time, size and URLs of each. */
async function reportSitemap(base: string) {
  console.log("\nsitemap                   status  total ms     MB     URLs");
  const print = (name: string, r: Awaited<ReturnType<typeof timedText>>) => {
    const urls = r.text.split("<url>").length - 1 || r.text.split("<sitemap>").length - 1;
    console.log(
      `${name.padEnd(25)} ${String(r.status).padStart(6)} ${r.ms.toFixed(0).padStart(9)} ` +
        `${(r.text.length / 1048576).toFixed(1).padStart(6)} ${String(urls).padStart(8)}`,
    );
  };
  for (const name of ["/sitemap.xml", "/sitemap.xml, again"]) {
    const index = await timedText(new URL("/sitemap.xml", base));
    print(name, index);
    if (name.endsWith("again")) break;
    // An index's <loc>s are absolute URLs on the shop's public origin: fetch their paths here.
    for (const [, loc] of index.text.matchAll(/<sitemap><loc>([^<]+)<\/loc>/g)) {
      const pathname = new URL(loc!).pathname;
      print(pathname, await timedText(new URL(pathname, base)));
    }
  }
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
  const collection = await (await fetch(`${base}/collections/resin`)).text();
  // The pagination links the last page; a collection of one page links none.
  const collectionPages = Math.max(
    1,
    ...[...collection.matchAll(/[?&;]page=(\d+)/g)].map((m) => Number(m[1])),
  );
  return {
    count,
    paths: [
      ["/", "/"],
      ["/products", "/products"],
      ["/products?page=last", `/products?page=${lastPage}`],
      ["product page", "/product/gold-grade-shilajit-resin"],
      ["blog post", post],
      ["collection", "/collections/resin"],
      ["collection?page=last", `/collections/resin?page=${collectionPages}`],
      // Never from the page cache: every search is rendered and asks the database.
      ["search", "/search?q=gold+res"],
      ["search (common word)", "/search?q=shilajit"],
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
    // BENCH_PAGES=admin: the direct admin list figures only (printed while seeding).
    if (process.env.BENCH_PAGES === "admin") return;
    const server = await startServer(dataDir);
    try {
      const { count, paths } = await pagePaths(server.url);
      const mode = requestHeaders.Cookie ? "every page rendered (BENCH_RENDER)" : "anonymous (page cache)";
      console.log(
        `${count} products, ${mode}; ${connections} connections, ${seconds} s a page after a 2 s warm-up\n`,
      );
      const rows: (Run & {
        name: string;
        path: string;
        kb: number;
        gzipKb: number;
        cpuPerRequest: number;
        peakRss?: number;
      })[] = [];
      // BENCH_PAGES=/,product page,feed: only these rows (names as printed).
      const only = process.env.BENCH_PAGES?.split(",");
      for (const [name, pathname] of paths.filter(([name]) => !only || only.includes(name))) {
        const url = new URL(pathname, server.url);
        // Size as sent without compression, and gzipped (what a compressing server or proxy sends).
        const body = Buffer.from(await (await fetch(url)).arrayBuffer());
        const [bytes, gzipped] = [body.length, gzipSync(body).length];
        await load(url, 2000);
        let peakRss = rssMb(server.pid);
        const sampler = setInterval(() => {
          peakRss = Math.max(peakRss, rssMb(server.pid));
        }, 200);
        const cpuBefore = cpuMs(server.pid);
        const run = await load(url, seconds * 1000);
        const cpuPerRequest = (cpuMs(server.pid) - cpuBefore) / run.requests;
        clearInterval(sampler);
        rows.push({
          name,
          path: pathname,
          kb: bytes / 1024,
          gzipKb: gzipped / 1024,
          cpuPerRequest,
          ...run,
          peakRss,
        });
      }
      const asset = rows.at(-1)!.perSecond;
      console.log(
        "page                 req/s  ratio   p50 ms  p95 ms  p99 ms  errors  CPU ms/req  size KB  gzip KB  peak RSS MB",
      );
      for (const r of rows) {
        console.log(
          `${r.name.padEnd(20)} ${r.perSecond.toFixed(0).padStart(6)} ${(r.perSecond / asset).toFixed(3).padStart(6)} ` +
            `${r.p50.toFixed(1).padStart(8)}${r.p95.toFixed(1).padStart(8)}${r.p99.toFixed(1).padStart(8)}` +
            `${String(r.errors).padStart(8)}${r.cpuPerRequest.toFixed(2).padStart(12)}${r.kb.toFixed(1).padStart(9)}${r.gzipKb.toFixed(1).padStart(9)}` +
            `${(r.peakRss ?? 0).toFixed(0).padStart(13)}`,
        );
      }
      if (!only || only.includes("feed")) await reportFeed(server.url, server.pid);
      if (!only || only.includes("sitemap")) await reportSitemap(server.url);
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
