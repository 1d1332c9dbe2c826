/**
 * Starting the built shop for a benchmark: the tests' launcher (production mode on a free local
 * port, waiting for /readyz) with the server's output printed. Runs the built bundle as
 * `npm start` does (build first). Shared by bench:catalog, bench:checkout and bench:lighthouse.
 */
import { startBuiltServer } from "../tests/support/built-server.ts";

export { freePort } from "../tests/support/built-server.ts";

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
  const { dataDir, databaseUrl, seed, nodeFlags, env = {} } = options;
  const server = await startBuiltServer({
    dataDir,
    databaseUrl,
    nodeFlags,
    env: { SEED: seed, ...env },
    logLevel: process.env.LOG_LEVEL,
    stdio: "inherit",
  });
  return { url: server.url, pid: server.child.pid!, stop: async () => void (await server.stop()) };
}
