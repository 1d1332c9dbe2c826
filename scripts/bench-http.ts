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
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

const base = process.env.BENCH_URL ?? "http://127.0.0.1:3000";
const seconds = process.env.BENCH_SECONDS ?? "10";
const connections = process.env.BENCH_CONNECTIONS ?? "16";
const staticFile = "/favicon.svg";
const pages = ["/product/pure-himalayan-shilajit-resin", "/", "/products"];

type Result = { path: string; rps: number; p50: string; p99: string; cpuMsPerRequest?: number };
const pid = process.env.BENCH_PID;

/** utime + stime of the server process, in clock ticks (100 a second on Linux). */
function cpuTicks(): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

function run(path: string): Result {
  const ticksBefore = pid ? cpuTicks() : 0;
  const out = execFileSync(
    "wrk",
    ["-t2", `-c${connections}`, `-d${seconds}s`, "--latency", "-H", "Accept-Encoding: gzip, br", base + path],
    { encoding: "utf8" },
  );
  if (/Non-2xx/.test(out)) throw new Error(`${path}: non-2xx answers\n${out}`);
  const rps = Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1]);
  const latency = (p: string) => out.match(new RegExp(`\\s${p}%\\s+(\\S+)`))?.[1] ?? "?";
  const requests = Number(out.match(/(\d+) requests in/)?.[1]);
  const cpuMsPerRequest = pid ? ((cpuTicks() - ticksBefore) * 10) / requests : undefined;
  return { path, rps, p50: latency("50"), p99: latency("99"), cpuMsPerRequest };
}

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
