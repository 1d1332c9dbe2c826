/**
 * A PostgreSQL server of the test's own (initdb in a temporary folder, a free port), so a test
 * can stop and start it. As root it runs as the `postgres` user: the server refuses to run as root.
 */
import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { freePort } from "../support/built-server.ts";

/** The newest PostgreSQL's programs (Debian layout), or null when none is installed. */
export function postgresBinDir(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], "bin") : null;
}

export type PostgresServer = {
  url: string;
  start(): void;
  /** A fast shutdown: connected clients are disconnected at once, as in a crash or a restart. */
  stop(): void;
  destroy(): void;
};

export async function createPostgresServer(binDir: string): Promise<PostgresServer> {
  const folder = mkdtempSync(path.join(tmpdir(), "shop-faults-pg-"));
  const dataDir = path.join(folder, "data");
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }));
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }));
    chownSync(folder, uid, gid);
  }
  const run = (program: string, args: string[]) => {
    const command = path.join(binDir, program);
    const [file, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
    execFileSync(file, argv, { stdio: ["ignore", "ignore", "pipe"], cwd: folder });
  };
  const port = await freePort();
  run("initdb", ["-D", dataDir, "-U", "postgres", "-A", "trust", "--no-sync"]);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () =>
    run("pg_ctl", ["start", "-D", dataDir, "-w", "-l", path.join(folder, "log"), "-o", options]);
  const stop = () => run("pg_ctl", ["stop", "-D", dataDir, "-w", "-m", "fast"]);
  start();
  execFileSync(path.join(binDir, "createdb"), [
    "-h",
    "127.0.0.1",
    "-p",
    String(port),
    "-U",
    "postgres",
    "shop",
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/shop`,
    start,
    stop,
    destroy() {
      try {
        stop();
      } catch {
        // Already stopped.
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
