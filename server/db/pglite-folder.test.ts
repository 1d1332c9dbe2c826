import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "./client.ts";
import { DataFolderError } from "./pglite-folder.ts";

const folders: string[] = [];
const tempFolder = () => {
  const folder = mkdtempSync(path.join(tmpdir(), "shop-datadir-"));
  folders.push(folder);
  return folder;
};

afterEach(() => {
  for (const folder of folders.splice(0)) {
    chmodSync(folder, 0o755);
    rmSync(folder, { recursive: true, force: true });
  }
});

describe("an embedded database folder that cannot be used", () => {
  it("names the folder and the reason when a file stands where the folder must be", async () => {
    const dataDir = tempFolder();
    writeFileSync(path.join(dataDir, "db"), "not a folder");
    const error = await openDatabase({ dataDir: path.join(dataDir, "db") }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataFolderError);
    expect((error as Error).message).toContain(path.join(dataDir, "db"));
    expect((error as Error).message).toContain("a file stands where a folder is needed");
    expect((error as Error).message).toContain("Set DATA_DIR to a writable folder");
  });

  const asRoot = userInfo().uid === 0;
  if (asRoot) console.warn("read-only DATA_DIR case skipped: root may write into a read-only folder");
  it.skipIf(asRoot)("says the user may not write there when the folder is read-only", async () => {
    const dataDir = tempFolder();
    mkdirSync(path.join(dataDir, "db"));
    chmodSync(path.join(dataDir, "db"), 0o555);
    const error = await openDatabase({ dataDir: path.join(dataDir, "db") }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataFolderError);
    expect((error as Error).message).toContain("may not write there");
  });
});
