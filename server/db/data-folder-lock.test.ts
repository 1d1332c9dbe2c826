import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  claimDataFolder,
  DataFolderInUse,
  DataFolderUnusable,
  dataFolderHolder,
  lockFileOf,
} from "./data-folder-lock.ts";

describe("data folder lock", () => {
  let dir: string;
  let dbDir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "shop-lock-"));
    dbDir = path.join(dir, "db");
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("holds the folder until released; a second claim is refused meanwhile", () => {
    const release = claimDataFolder(dbDir);
    expect(readFileSync(lockFileOf(dbDir), "utf8").trim()).toBe(String(process.pid));
    expect(dataFolderHolder(dbDir)).toBe(process.pid);
    expect(() => claimDataFolder(dbDir)).toThrow(DataFolderInUse);
    release();
    expect(existsSync(lockFileOf(dbDir))).toBe(false);
    claimDataFolder(dbDir)();
  });

  it("refuses while another live process holds it, naming that process", () => {
    const other = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    try {
      writeFileSync(lockFileOf(dbDir), `${other.pid}\n`);
      expect(() => claimDataFolder(dbDir)).toThrow(`in use by process ${other.pid}`);
    } finally {
      other.kill();
    }
  });

  it("takes over a lock left by a process that is gone (crash, kill -9) or by an earlier run with our pid", () => {
    const gone = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], {
      encoding: "utf8",
    });
    writeFileSync(lockFileOf(dbDir), `${gone.stdout}\n`);
    expect(dataFolderHolder(dbDir)).toBeUndefined();
    claimDataFolder(dbDir)();
    writeFileSync(lockFileOf(dbDir), `${process.pid}\n`);
    claimDataFolder(dbDir)();
  });

  it("says which file it cannot write, and why, when the data folder is unusable", () => {
    const inMissingFolder = path.join(dir, "missing", "db");
    expect(() => claimDataFolder(inMissingFolder)).toThrow(DataFolderUnusable);
    expect(() => claimDataFolder(inMissingFolder)).toThrow(`Cannot write ${inMissingFolder}.lock (ENOENT)`);
  });
});
