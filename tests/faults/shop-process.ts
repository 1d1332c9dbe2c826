/** The built shop (`npm start` without the build) as a child process on a given database. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startBuiltServer } from "../support/built-server.ts";

export type ShopProcess = { url: string; output(): string; stop(): Promise<void> };

export async function startShopOn(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ShopProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-faults-"));
  const server = await startBuiltServer({ dataDir, databaseUrl, env: { SEED: "demo", ...env } });
  let stopping = false;
  // A shop that dies under the test is the finding: show why.
  void server.exited.then(
    (code) => stopping || console.error(`the shop exited (${code}):\n${server.output()}`),
  );
  return {
    url: server.url,
    output: server.output,
    async stop() {
      stopping = true;
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
