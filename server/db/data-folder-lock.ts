import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Only one process may open a PGlite data folder: a second one (another `npm start`, a backup, a
 * restore) would corrupt it. PGlite's own postmaster.pid holds a fixed fake pid, so it cannot tell
 * a live owner from a crashed one; this lock file next to the folder holds the real process id.
 */
export class DataFolderInUse extends Error {
  constructor(
    readonly dbDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database ${dbDir} is in use by process ${pid} (the shop, a backup or a restore). Stop that process first.`,
    );
  }
}

export class DataFolderUnusable extends Error {}

export function lockFileOf(dbDir: string) {
  return `${dbDir}.lock`;
}

/** Folders this process holds (opening one twice in one process is just as harmful). */
const heldHere = new Set<string>();

/** Claims the folder for this process; returns the release function. Throws DataFolderInUse. */
export function claimDataFolder(dbDir: string): () => void {
  const lockFile = lockFileOf(path.resolve(dbDir));
  if (heldHere.has(lockFile)) throw new DataFolderInUse(dbDir, process.pid);
  // Created exclusively, so two processes starting together cannot both win. A lock left by a
  // process that is gone (crash, kill -9) is taken over; so is one with our own pid that we do
  // not hold (a restarted container's server is pid 1 again).
  while (!createExclusively(lockFile)) {
    const holder = readHolder(lockFile);
    if (holder !== undefined && holder !== process.pid && isAlive(holder))
      throw new DataFolderInUse(dbDir, holder);
    rmSync(lockFile, { force: true });
  }
  heldHere.add(lockFile);
  return () => {
    if (!heldHere.delete(lockFile)) return;
    if (readHolder(lockFile) === process.pid) rmSync(lockFile, { force: true });
  };
}

function createExclusively(lockFile: string): boolean {
  try {
    writeFileSync(lockFile, `${process.pid}\n`, { flag: "wx" });
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return false;
    throw new DataFolderUnusable(
      `Cannot write ${lockFile} (${code ?? error}): the data folder must be writable.`,
    );
  }
}

/** The process holding the folder, if one that is still running does. */
export function dataFolderHolder(dbDir: string): number | undefined {
  const holder = readHolder(lockFileOf(dbDir));
  return holder !== undefined && isAlive(holder) ? holder : undefined;
}

function readHolder(lockFile: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockFile, "utf8"), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
