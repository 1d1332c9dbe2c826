/**
 * Lighthouse (mobile) on the storefront pages plus the first-load JavaScript of the home page.
 *
 *   npm run bench:lighthouse            # builds nothing: run `npm run build` first
 *   BENCH_URL=http://localhost:3000 npm run bench:lighthouse   # audit a running shop instead
 *   BENCH_PAGES=/products,/blog npm run bench:lighthouse         # only these pages
 *   BENCH_RUNS=5 npm run bench:lighthouse                        # audits per page (default 3)
 *
 * Without BENCH_URL it starts the built app on a free port with a temporary data folder and demo
 * data. Chrome is the system Chromium (CHROME_PATH, default /usr/bin/chromium). Lighthouse 13
 * needs Node >= 22.19, and installing it beside the shop would warn on every `npm install` under
 * Node 20; so it is not a dependency: each audit runs Lighthouse's CLI through
 * `npx -y -p node@22 -p lighthouse@VERSION` (downloaded once into npm's cache).
 * Each page is audited BENCH_RUNS times and judged by its median run (by performance score), as
 * Lighthouse's own guidance on variability advises: on this 2-core machine one page's score moves
 * between 96 and 100 from run to run (docs/performance.md). A run Lighthouse itself gives up on
 * (NO_NAVSTART, a lost trace) is tried again once.
 * Results go to bench/results/ (not committed). Exits 1 when a budget is missed.
 */

import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { startBenchServer } from "./bench-server.ts";
import { STOREFRONT_JS_BUDGET_KB } from "./first-load-js.ts";

const root = path.resolve(import.meta.dirname, "..");
const LIGHTHOUSE = "lighthouse@13.5.0";
const budgets = { performance: 95, accessibility: 100, seo: 100, "best-practices": 95 } as const;
const JS_BUDGET_BYTES = STOREFRONT_JS_BUDGET_KB * 1024;
const defaultPages = [
  "/",
  "/products",
  "/product/pure-himalayan-shilajit-resin",
  "/blog",
  "/blog/what-is-shilajit-a-beginners-guide-to-himalayan-resin",
];
// BENCH_PAGES=/products,/blog audits only those.
const pages = process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(",") : defaultPages;
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));

async function main() {
  const app = process.env.BENCH_URL
    ? { url: process.env.BENCH_URL, stop: async () => {} }
    : await startShop();
  const rows: Record<string, string | number>[] = [];
  const findings: Record<string, unknown> = {};
  let failed = false;
  try {
    for (const pagePath of pages) {
      const url = app.url + pagePath;
      // Also warms the page up: a production server is not measured on its very first request.
      const status = (await fetch(url)).status;
      if (status !== 200) {
        // Lighthouse cannot audit an error page; a route that is not built yet is reported as skipped.
        rows.push({ page: pagePath, status });
        console.log(JSON.stringify({ page: pagePath, status, skipped: true }));
        continue;
      }
      const { lhr, scores } = await medianAudit(url);
      const categories = lhr.categories;
      const row: Record<string, string | number> = { page: pagePath, status, runs: scores.join(" ") };
      for (const [key, min] of Object.entries(budgets)) {
        const score = Math.round((categories[key]?.score ?? 0) * 100);
        row[key] = score;
        if (score < min) failed = true;
      }
      const audits = lhr.audits;
      row.FCP = audits["first-contentful-paint"]?.displayValue ?? "";
      row.LCP = audits["largest-contentful-paint"]?.displayValue ?? "";
      row.CLS = audits["cumulative-layout-shift"]?.displayValue ?? "";
      row.TBT = audits["total-blocking-time"]?.displayValue ?? "";
      rows.push(row);
      console.log(JSON.stringify(row));
      findings[pagePath] = whatCostsTime(audits);
      console.log(JSON.stringify(findings[pagePath]));
    }
    const js = await firstLoadJs(app.url);
    if (js.total > JS_BUDGET_BYTES) failed = true;
    console.table(rows);
    console.log(
      `first-load JS of / (gzip): ${(js.total / 1024).toFixed(1)} KB (budget ${JS_BUDGET_BYTES / 1024} KB)`,
    );
    for (const file of js.files)
      console.log(`  ${(file.bytes / 1024).toFixed(1).padStart(6)} KB  ${file.path}`);
    mkdirSync(path.join(root, "bench/results"), { recursive: true });
    const out = path.join(
      root,
      "bench/results",
      `lighthouse-${new Date().toISOString().replace(/[:.]/g, "-")}.json`,
    );
    writeFileSync(out, JSON.stringify({ budgets, rows, findings, firstLoadJs: js }, null, 2));
    console.log(`results: ${path.relative(root, out)}`);
  } finally {
    await app.stop();
  }
  process.exit(failed ? 1 : 0);
}

/** The parts of Lighthouse's JSON report (its `lhr`) this script reads. */
type Audit = {
  id: string;
  score: number | null;
  displayValue?: string;
  details?: unknown;
  metricSavings?: Record<string, number | undefined>;
};
type Audits = Record<string, Audit | undefined>;
type Report = { categories: Record<string, { score: number | null } | undefined>; audits: Audits };

const performanceOf = (report: Report) => Math.round((report.categories.performance?.score ?? 0) * 100);

/** `runs` audits of one page; the median one by performance, and every run's score. */
async function medianAudit(url: string) {
  const reports: Report[] = [];
  for (let i = 0; i < runs; i++) reports.push(await lighthouse(url).catch(() => lighthouse(url)));
  const scores = reports.map(performanceOf);
  const sorted = [...reports].sort((a, b) => performanceOf(a) - performanceOf(b));
  return { lhr: sorted[Math.floor((sorted.length - 1) / 2)]!, scores };
}

/** One mobile audit by Lighthouse's CLI on Node 22 (it starts and stops its own Chromium). */
function lighthouse(url: string): Promise<Report> {
  const args = ["--loglevel=error", "-y", "-p", "node@22", "-p", LIGHTHOUSE, "--", "lighthouse", url];
  args.push("--output=json", "--output-path=stdout", "--quiet", `--only-categories=${Object.keys(budgets)}`);
  args.push("--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage");
  const env = { ...process.env, CHROME_PATH: process.env.CHROME_PATH || "/usr/bin/chromium" };
  const child = spawn("npx", args, { env, stdio: ["ignore", "pipe", "inherit"] });
  let json = "";
  child.stdout.setEncoding("utf8").on("data", (chunk) => (json += chunk));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) =>
      code === 0 ? resolve(JSON.parse(json) as Report) : reject(new Error(`lighthouse exited with ${code}`)),
    );
  });
}

/** The audits that say where a page loses time (LCP/FCP/TBT savings), to know what to fix next. */
function whatCostsTime(audits: Audits) {
  // The LCP element's HTML, wherever this Lighthouse version puts it in the audit details.
  const lcp = JSON.stringify(
    audits["largest-contentful-paint-element"]?.details ?? audits["lcp-breakdown-insight"]?.details ?? {},
  );
  const lcpElement = (JSON.parse(lcp.match(/"snippet":("(?:[^"\\]|\\.)*")/)?.[1] ?? '""') as string).slice(
    0,
    160,
  );
  const costs = Object.values(audits)
    .filter((audit): audit is Audit => audit !== undefined)
    .filter(
      (audit) =>
        audit.score !== null &&
        audit.score < 1 &&
        Object.values(audit.metricSavings ?? {}).some((saving) => (saving ?? 0) > 0),
    )
    .map((audit) => ({ audit: audit.id, value: audit.displayValue ?? "", savings: audit.metricSavings }));
  return { lcpElement, costs };
}

/** Sum of the gzip sizes of every script the home page loads up front (entry + modulepreloads). */
async function firstLoadJs(baseUrl: string) {
  const html = await (await fetch(`${baseUrl}/`)).text();
  const paths = new Set([
    ...[...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]!),
    ...[...html.matchAll(/import\("([^"]+\.js)"\)/g)].map((m) => m[1]!),
  ]);
  const files = [];
  for (const p of paths) {
    const body = Buffer.from(await (await fetch(new URL(p, baseUrl))).arrayBuffer());
    files.push({ path: p, bytes: gzipSync(body, { level: 9 }).length });
  }
  files.sort((a, b) => b.bytes - a.bytes);
  return { total: files.reduce((sum, f) => sum + f.bytes, 0), files };
}

async function startShop() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-bench-"));
  const server = await startBenchServer({ dataDir, databaseUrl: "", seed: "demo" });
  return {
    url: server.url,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

await main();
