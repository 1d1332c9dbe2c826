/**
 * Page throughput as a ratio to a static file from the same server, with wrk (apt-get install wrk).
 *
 *   BENCH_URL=http://127.0.0.1:3000 npm run bench:http      # a running shop (demo data)
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=16 npm run bench:http
 *
 * For each page: req/s, p50/p99 latency and req/s ÷ the static file's req/s (the figure to compare
 * across machines and runs). Anonymous requests with `Accept-Encoding: gzip, br`, as a browser sends.
 * With BENCH_PID (the server's process id) also the server's CPU milliseconds per request, from
 * /proc: on a shared, busy machine that figure holds where req/s swings with the neighbours' load.
 */
import { wrk } from "./support/process-stats.ts";

const base = process.env.BENCH_URL ?? "http://127.0.0.1:3000";
const seconds = process.env.BENCH_SECONDS ?? "10";
const connections = process.env.BENCH_CONNECTIONS ?? "16";
const staticFile = "/favicon.svg";
const pages = ["/product/pure-himalayan-shilajit-resin", "/", "/products"];
const pid = process.env.BENCH_PID ? Number(process.env.BENCH_PID) : undefined;

const run = (path: string) => ({ path, ...wrk(base + path, { seconds, connections, pid }) });

function main() {
  const staticRun = run(staticFile);
  const rows = [staticRun, ...pages.map(run)].map((r) => ({
    path: r.path,
    "req/s": r.rps.toFixed(0),
    p50: r.p50,
    p99: r.p99,
    "÷ static": (r.rps / staticRun.rps).toFixed(3),
    "server CPU ms/req": r.cpuMsPerRequest?.toFixed(2) ?? "-",
  }));
  console.log(`wrk ${connections} connections, ${seconds} s per path, ${base}`);
  console.table(rows);
}

main();
