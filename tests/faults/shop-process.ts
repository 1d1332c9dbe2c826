/** The built shop (`npm start` without the build) as a child process on a given database. */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, waitUntilReady } from "../support/built-server.ts";

const root = path.resolve(import.meta.dirname, "../..");

export type ShopProcess = { url: string; output(): string; stop(): Promise<void> };

export async function startShopOn(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ShopProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-faults-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = "";
  const child = spawn(process.execPath, ["build/server/index.js"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED: "demo",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  let stopping = false;
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  // A shop that dies under the test is the finding: show why.
  void exited.then((code) => stopping || console.error(`the shop exited (${code}):\n${output}`));
  await waitUntilReady(url, exited, () => output);
  return {
    url,
    output: () => output,
    async stop() {
      stopping = true;
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
