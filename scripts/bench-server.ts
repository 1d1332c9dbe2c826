/**
 * Starting the built shop for a benchmark: production mode on a free local port, with the given
 * data folder and database, waiting for /readyz. Runs the built bundle as `npm start` does (build
 * first). Shared by bench:catalog, bench:checkout and bench:lighthouse.
 */
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export type BenchServerOptions = {
  dataDir: string;
  /** PostgreSQL URL; empty for the embedded database in dataDir. */
  databaseUrl: string;
  seed: "demo" | "none";
  /** Extra node flags, e.g. --cpu-prof. */
  nodeFlags?: string[];
  /** Extra environment for the server. */
  env?: Record<string, string>;
};

export async function startBenchServer(options: BenchServerOptions) {
  const { dataDir, databaseUrl, seed, nodeFlags = [], env = {} } = options;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...nodeFlags, "build/server/index.js"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED: seed,
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
      ...env,
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
