import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startApp } from "../support/app.ts";

/** `npm start` on an unusable DATA_DIR: one line naming the folder and what to do, no stack trace. */
describe("a DATA_DIR the embedded database cannot use", () => {
  const folder = mkdtempSync(path.join(tmpdir(), "shop-bad-datadir-"));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("stops the start with the folder, the reason and the fix", async () => {
    // A file where DATA_DIR/db must be a folder (root, as in CI, may write into read-only folders).
    const dataDir = path.join(folder, "data");
    writeFileSync(dataDir, "not a folder");
    const start = startApp({ database: "pglite", env: { DATA_DIR: dataDir } });
    const error = (await start.catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toContain(
      `Cannot start: The embedded database cannot start: its folder ${dataDir}/db`,
    );
    expect(error.message).toContain("Set DATA_DIR to a writable folder");
    expect(error.message).not.toContain("PGlite failed to initialize properly");
    expect(error.message).not.toMatch(/^\s+at /m);
  });
});
