/**
 * Time from launching a start command to the shop answering /readyz, then a graceful SIGTERM.
 *
 *   DATA_DIR=/tmp/shop node scripts/bench-start.mjs npm start
 *   DATA_DIR=/tmp/shop NODE_ENV=production node scripts/bench-start.mjs node build/server/index.js
 *
 * Run it once on a new DATA_DIR first (the first start seeds the demo data), then repeatedly:
 * each run is a restart on existing data. Prints "ready in N ms"; exits with the server's code.
 */
import { spawn } from "node:child_process";

const [command, ...args] = process.argv.slice(2);
if (!command) throw new Error("usage: node scripts/bench-start.mjs COMMAND [ARG ...]");
const port = process.env.PORT ?? "3999";
const started = performance.now();
const child = spawn(command, args, { env: { ...process.env, PORT: port }, stdio: "ignore" });
const exited = new Promise((resolve) => child.once("exit", (code) => resolve(code)));

while (child.exitCode === null) {
  const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
    (r) => r.ok,
    () => false,
  );
  if (ready) break;
  await new Promise((resolve) => setTimeout(resolve, 20));
}
console.log(`ready in ${Math.round(performance.now() - started)} ms`);
child.kill("SIGTERM");
process.exitCode = (await exited) ?? 1;
