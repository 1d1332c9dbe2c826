/**
 * `npm run bench:signed-in`: what a signed-in customer's pages cost against a visitor's (issue 36
 * item 3), in one run on the same server. Seeds the demo data (PostgreSQL with BENCH_DATABASE_URL,
 * dropped and recreated; else the embedded PGlite in a temporary folder), signs the demo customer
 * in, then runs wrk on each page anonymous, signed in, and the signed-in customer's own part
 * (the store layout's data their browser asks for after the shared copy, server/http/personal-part.ts).
 * "view" is a page plus its part, served one after the other: 1 / (1/page + 1/part) req/s;
 * "rendered for them" is the page rendered for the session (a page carrying a flash toast still
 * is), which is what every signed-in page cost before the shared copy.
 * Also /orders (an account page, rendered per customer). Build first (`npm run build`).
 *
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=16 BENCH_DATABASE_URL=postgres://…/shop_signed_in npm run bench:signed-in
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startBuiltServer } from "../tests/support/built-server.ts";
import { recreateDatabase } from "./support/bench-orders-data.ts";
import { printTable } from "./support/bench-timing.ts";
import { type WrkResult, wrk } from "./support/process-stats.ts";

const seconds = process.env.BENCH_SECONDS ?? "10";
const connections = process.env.BENCH_CONNECTIONS ?? "16";
const databaseUrl = process.env.BENCH_DATABASE_URL ?? "";
const pages = ["/product/pure-himalayan-shilajit-resin", "/", "/products"];

/** The URL of the store layout's data for a page, as the browser asks for its own part. */
function personalPartOf(page: string) {
  const dataPath = page === "/" ? "/_root.data" : `${page}.data`;
  return `${dataPath}?_routes=root,routes/store/layout`;
}

/** Signs the demo customer in (its password is printed once, at the seeding start). */
async function signInDemoCustomer(url: string, output: string) {
  const [, email, password] = output.match(/customer\s+\S+\s+(\S+@\S+) \/ (\S+)/) ?? [];
  if (!email || !password) throw new Error("the demo customer's password was not printed");
  const answer = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: url },
    body: JSON.stringify({ email, password }),
  });
  const cookie = answer.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (!answer.ok || !cookie) throw new Error(`sign-in failed: ${answer.status}`);
  return `Cookie: ${cookie}`;
}

const rate = (r: WrkResult) => r.rps.toFixed(0);
const cpu = (r: WrkResult) => r.cpuMsPerRequest?.toFixed(2) ?? "-";

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-signed-in-"));
  if (databaseUrl) await recreateDatabase(databaseUrl);
  const server = await startBuiltServer({ dataDir, databaseUrl, env: { SEED: "demo" }, stdio: "pipe" });
  try {
    const cookie = await signInDemoCustomer(server.url, server.output());
    const pid = server.child.pid!;
    const run = (target: string, headers: string[] = []) =>
      wrk(server.url + target, { seconds, connections, headers, pid });
    const rows: string[][] = [];
    for (const page of pages) {
      const anonymous = run(page);
      const signedIn = run(page, [cookie]);
      const part = run(personalPartOf(page), [cookie]);
      // A page with a flash toast is still rendered for its visitor: as every signed-in page was before.
      const rendered = run(page, [`${cookie}; flash-toast=bench`]);
      const views = 1 / (1 / signedIn.rps + 1 / part.rps);
      rows.push(
        [page, "anonymous", rate(anonymous), anonymous.p99, cpu(anonymous), "1"],
        [
          page,
          "signed in: page",
          rate(signedIn),
          signedIn.p99,
          cpu(signedIn),
          (signedIn.rps / anonymous.rps).toFixed(2),
        ],
        [page, "signed in: own part", rate(part), part.p99, cpu(part), "-"],
        [page, "signed in: view", views.toFixed(0), "-", "-", (views / anonymous.rps).toFixed(2)],
        [
          page,
          "signed in: rendered for them",
          rate(rendered),
          rendered.p99,
          cpu(rendered),
          (rendered.rps / anonymous.rps).toFixed(2),
        ],
      );
    }
    const orders = run("/orders", [cookie]);
    rows.push(["/orders", "signed in", rate(orders), orders.p99, cpu(orders), "-"]);
    console.log(
      `wrk ${connections} connections, ${seconds} s a row, ${databaseUrl ? "PostgreSQL" : "PGlite"}`,
    );
    printTable(["page", "who", "req/s", "p99", "server CPU ms/req", "÷ anonymous"], rows);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
