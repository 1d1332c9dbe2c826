import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, waitUntilReady } from "../support/built-server.ts";

/**
 * `.env` in the working directory configures the start (docs/configuration.md); a variable set in
 * the real environment wins over the file.
 */
const root = path.resolve(import.meta.dirname, "../..");
const folder = mkdtempSync(path.join(tmpdir(), "shop-env-file-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe(".env", { timeout: 120_000 }, () => {
  it("is read at start, and the real environment wins over it", async () => {
    const port = await freePort();
    writeFileSync(
      path.join(folder, ".env"),
      [
        "# the shop's settings",
        `PORT=${port}`,
        "HOST=127.0.0.1",
        `DATA_DIR=${path.join(folder, "data")}`,
        "SEED=demo",
        "LOG_LEVEL=info",
      ].join("\n"),
    );
    const { PORT, HOST, DATA_DIR, SEED, DATABASE_URL, ...inherited } = process.env;
    let output = "";
    const child = spawn(process.execPath, [path.join(root, "build/server/index.js")], {
      cwd: folder,
      // SEED=none in the environment beats SEED=demo in the file: the catalog stays empty.
      env: { ...inherited, NODE_ENV: "production", SEED: "none", LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    try {
      const url = `http://127.0.0.1:${port}`; // the file's PORT and HOST
      await waitUntilReady(url, exited, () => output);
      const products = await (await fetch(`${url}/products`)).text();
      expect(products).not.toContain("Pure Himalayan Shilajit");
      expect(output).not.toContain('"level":30'); // LOG_LEVEL=warn from the environment, not info
    } finally {
      child.kill("SIGTERM");
      await exited;
    }
  });
});
