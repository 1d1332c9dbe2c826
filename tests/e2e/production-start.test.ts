import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, waitUntilReady } from "../support/built-server.ts";

/**
 * `npm start` as a shop owner runs it (no NODE_ENV set): production mode, no rebuild of an
 * up-to-date build, no warning noise, the server as the process npm started, stopped cleanly by
 * SIGTERM. A preload logs the module files the server runs (tests/support/module-log.cjs).
 */
const root = path.resolve(import.meta.dirname, "../..");
const dataDir = mkdtempSync(path.join(tmpdir(), "shop-start-"));
const moduleLog = path.join(dataDir, "modules.log");
let port = 0;
let url = "";
let output = "";

beforeAll(async () => {
  port = await freePort();
  url = `http://127.0.0.1:${port}`;
  // The suite's setup built the app; this makes sure the fingerprint matches the sources.
  execFileSync(process.execPath, ["scripts/build.mjs", "--if-changed"], { cwd: root, stdio: "ignore" });
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/**
 * The start banner is printed as one block, after the start-up logs (issue 31: it was interleaved
 * with JSON log lines): from its first line to its last, no log line.
 */
function expectBannerInOneBlock(printed: string) {
  const lines = printed.split("\n");
  const first = lines.findIndex((line) => line.includes("Peak Shilajit shop is running at"));
  const last = lines.findIndex((line) => line.includes("These passwords are shown only now."));
  expect(first, printed).toBeGreaterThan(-1);
  expect(last, printed).toBeGreaterThan(first);
  expect(lines.slice(first, last + 1).filter((line) => line.trimStart().startsWith("{"))).toEqual([]);
}

// The first start seeds the demo data: slow on a busy 2-core machine.
describe("npm start", { timeout: 150_000 }, () => {
  it("serves the production build on plain node, quietly, and stops on SIGTERM to its process", async () => {
    const npm = await startNpm();
    expect((await fetch(`${url}/product/pure-himalayan-shilajit-resin`)).status).toBe(200);

    expect(output).not.toMatch(/Building the shop|deprecated|Future Flag|warn/i);
    expect(output).toContain("These passwords are shown only now.");
    expectBannerInOneBlock(output);
    // The shell npm started became the server (exec): it is npm's child, running the bundle.
    const server = childrenOf(npm.child.pid!)[0]!;
    expect(readFileSync(`/proc/${server}/cmdline`, "utf8").split("\0")).toEqual([
      "node",
      "build/server/index.js",
      "",
    ]);

    const loaded = readFileSync(moduleLog, "utf8");
    expect(loaded).toContain("react-dom/cjs/react-dom-server.node.production.js");
    expect(loaded).not.toMatch(/node_modules\/(react|react-dom|react-router|scheduler)\/.*development/);

    process.kill(server, "SIGTERM");
    expect(await npm.exited).toBe(0);
    expect(output).toContain('"msg":"stopped"');
  });

  it("passes SIGTERM sent to npm itself on to the server, which stops gracefully and frees the port", async () => {
    const npm = await startNpm();
    // A restart on existing data: the banner again, without the passwords of the first start.
    expect(output).toContain(`Peak Shilajit shop is running at ${url}`);
    expect(output).not.toContain("shown only now");
    const server = childrenOf(npm.child.pid!)[0]!;
    output = "";
    npm.child.kill("SIGTERM");
    expect(await npm.exited).toBe(0);
    expect(output).toContain('"msg":"stopped"');
    // No orphan: the server process is gone, and the port can be bound again at once.
    expect(() => process.kill(server, 0)).toThrow();
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
    await listenOnce(port);
  });

  it("bundles React Router's production build into the server (remix-run/react-router#14102)", () => {
    const bundle = readFileSync(path.join(root, "build/server/index.js"), "utf8");
    expect(bundle).toContain("node_modules/react-router/dist/production/");
    expect(bundle).not.toContain("node_modules/react-router/dist/development/");
    expect(bundle).not.toMatch(/from "react-router"/);
  });
});

type Npm = { child: ChildProcess; exited: Promise<number | null> };

/** Runs `npm start` as a shop owner would, and waits until the shop is ready. */
async function startNpm(): Promise<Npm> {
  const { NODE_ENV: _testEnv, ...env } = process.env;
  output = "";
  const child = spawn("npm", ["start", "--silent"], {
    cwd: root,
    env: {
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SEED: "demo",
      LOG_LEVEL: "info",
      MODULE_LOG: moduleLog,
      NODE_OPTIONS: `--require ${path.join(root, "tests/support/module-log.cjs")}`,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  await waitUntilReady(url, exited, () => output);
  return { child, exited };
}

/** Binds the port and lets it go: fails when another process still holds it. */
function listenOnce(port: number) {
  return new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve()));
  });
}

function childrenOf(pid: number): number[] {
  return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
}
