import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

/** Resident memory of a process in MB (Linux). */
export function rssMb(pid: number): number {
  const match = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
  return match ? Number(match[1]) / 1024 : 0;
}

/** utime + stime of a process, in clock ticks (100 a second on Linux). */
export function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

export type WrkResult = { rps: number; p50: string; p99: string; cpuMsPerRequest?: number };

/**
 * One wrk run (apt-get install wrk) against `url`, as a browser asks (gzip, br), with extra
 * headers; with `pid` also the server's CPU milliseconds per request, from /proc. Non-2xx answers
 * fail the run: a benchmark of error pages measures nothing.
 */
export function wrk(
  url: string,
  options: { seconds: string; connections: string; headers?: string[]; pid?: number },
): WrkResult {
  const { pid } = options;
  const ticksBefore = pid ? cpuTicks(pid) : 0;
  const headerArgs = ["Accept-Encoding: gzip, br", ...(options.headers ?? [])].flatMap((h) => ["-H", h]);
  const out = execFileSync(
    "wrk",
    ["-t2", `-c${options.connections}`, `-d${options.seconds}s`, "--latency", ...headerArgs, url],
    { encoding: "utf8" },
  );
  if (/Non-2xx/.test(out)) throw new Error(`${url}: non-2xx answers\n${out}`);
  const rps = Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1]);
  const latency = (p: string) => out.match(new RegExp(`\\s${p}%\\s+(\\S+)`))?.[1] ?? "?";
  const requests = Number(out.match(/(\d+) requests in/)?.[1]);
  const cpuMsPerRequest = pid ? ((cpuTicks(pid) - ticksBefore) * 10) / requests : undefined;
  return { rps, p50: latency("50"), p99: latency("99"), cpuMsPerRequest };
}
