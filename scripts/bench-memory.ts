/**
 * `npm run bench:memory`: the server's resident memory over a soak under storefront load (issue 36
 * item 2). Seeds the demo data with one start of the built app (embedded PGlite in a temporary
 * folder, or PostgreSQL with BENCH_DATABASE_URL — that database is dropped and recreated), starts
 * it again on that data (as every start after a shop's first), then for
 * BENCH_SECONDS (default 600) keeps BENCH_CONNECTIONS (default 16) keep-alive connections busy on
 * the demo product pages, one connection in four with a flash-toast cookie so its pages are rendered rather
 * than answered from the page cache. Samples RSS, V8 heap and external memory every 5 s and prints
 * one line a minute (peak within it) and the drift between the first and last minute.
 * BENCH_NODE_FLAGS adds node flags to the server (e.g. "--max-old-space-size=160"). Build first.
 */
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { startBenchServer } from "./bench-server.ts";
import { recreateDatabase } from "./support/bench-orders-data.ts";
import { rssMb } from "./support/process-stats.ts";

const seconds = Number(process.env.BENCH_SECONDS ?? 600);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? "";
const nodeFlags = (process.env.BENCH_NODE_FLAGS ?? "").split(" ").filter(Boolean);
const metricsToken = "bench-memory-metrics-token";
const browser =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

/** The server's own heap and external memory, from its /metrics (MB). */
async function heapMb(base: string): Promise<{ heap: number; external: number }> {
  const headers = { Authorization: `Bearer ${metricsToken}` };
  const text = await fetch(`${base}/metrics`, { headers }).then(
    (response) => response.text(),
    () => "",
  );
  const gauge = (name: string) => Number(text.match(new RegExp(`^${name} (\\S+)`, "m"))?.[1] ?? 0) / 1048576;
  return { heap: gauge("nodejs_heap_size_used_bytes"), external: gauge("nodejs_external_memory_bytes") };
}

function get(agent: http.Agent, url: URL, cookie: boolean): Promise<number> {
  const headers = {
    "User-Agent": browser,
    "Accept-Encoding": "gzip, br",
    // A flash toast's page is rendered for its request (any other cookie gets the shared copy).
    ...(cookie && { Cookie: "flash-toast=soak" }),
  };
  return new Promise((resolve) => {
    http
      .get(url, { agent, headers }, (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
        response.on("error", () => resolve(0));
      })
      .on("error", () => resolve(0));
  });
}

async function productPaths(base: string): Promise<string[]> {
  const list = await (await fetch(`${base}/products`)).text();
  const paths = [...new Set([...list.matchAll(/href="(\/products?\/[a-z0-9-]+)"/g)].map((m) => m[1]!))];
  if (paths.length === 0) throw new Error("no product links on /products");
  return paths;
}

type Sample = { at: number; rss: number; heap: number; external: number };

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-memory-"));
  if (databaseUrl) await recreateDatabase(databaseUrl);
  const env = { METRICS_TOKEN: metricsToken };
  // A shop starts on existing data every time but the first, whose in-process initdb (PGlite)
  // leaves buffers behind until a major GC: seed with one start, measure the restart.
  const seeding = await startBenchServer({ dataDir, databaseUrl, seed: "demo", env });
  await seeding.stop();
  const server = await startBenchServer({ dataDir, databaseUrl, seed: "none", nodeFlags, env });
  try {
    const paths = await productPaths(server.url);
    const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
    const started = performance.now();
    const end = started + seconds * 1000;
    const samples: Sample[] = [];
    let requests = 0;
    let failures = 0;
    const sampler = setInterval(async () => {
      const { heap, external } = await heapMb(server.url);
      samples.push({ at: (performance.now() - started) / 1000, rss: rssMb(server.pid), heap, external });
    }, 5000);
    await Promise.all(
      Array.from({ length: connections }, async (_, index) => {
        for (let i = index; performance.now() < end; i += connections) {
          const status = await get(agent, new URL(paths[i % paths.length]!, server.url), index % 4 === 0);
          requests++;
          if (status !== 200) failures++;
        }
      }),
    );
    clearInterval(sampler);
    agent.destroy();
    report(samples, requests, failures);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function report(samples: Sample[], requests: number, failures: number) {
  const database = databaseUrl ? "PostgreSQL" : "PGlite (embedded)";
  console.log(
    `\n${database}, ${connections} connections, ${seconds} s, ${requests} requests, ${failures} not 200`,
  );
  console.log(`flags: ${nodeFlags.join(" ") || "(none)"}`);
  console.log("| minute | peak RSS MB | min RSS MB | peak V8 heap used MB | peak external MB |");
  console.log("| ---: | ---: | ---: | ---: | ---: |");
  const minutes = Math.ceil(seconds / 60);
  const peaks: number[] = [];
  for (let minute = 0; minute < minutes; minute++) {
    const inside = samples.filter((s) => s.at >= minute * 60 && s.at < (minute + 1) * 60);
    if (inside.length === 0) continue;
    const peak = Math.max(...inside.map((s) => s.rss));
    peaks.push(peak);
    const cells = [
      peak,
      Math.min(...inside.map((s) => s.rss)),
      Math.max(...inside.map((s) => s.heap)),
      Math.max(...inside.map((s) => s.external)),
    ].map((mb) => mb.toFixed(0));
    console.log(`| ${minute + 1} | ${cells.join(" | ")} |`);
  }
  const overall = Math.max(...peaks);
  const drift = (peaks.at(-1) ?? 0) - (peaks[0] ?? 0);
  console.log(
    `peak RSS ${overall.toFixed(0)} MB; last minute's peak minus the first's: ${drift.toFixed(0)} MB`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
