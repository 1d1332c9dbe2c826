/**
 * The embedded database's folder, checked before PGlite opens it: PGlite itself only says
 * "PGlite failed to initialize properly" when it cannot write there, which tells a shop owner
 * neither where nor why.
 */
import { mkdirSync, rmSync, statfsSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Less free space than this and the database cannot grow (WAL segments are 16 MB). */
const MIN_FREE_BYTES = 32 * 1024 * 1024;

/** Start-up failures a person can fix: printed without a stack trace. */
export class DataFolderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "DataFolderError";
  }
}

/** Creates the folder and proves it writable; throws a DataFolderError that says what to do. */
export function prepareDataFolder(dataDir: string) {
  try {
    mkdirSync(dataDir, { recursive: true });
    const probe = path.join(dataDir, `.write-check-${process.pid}`);
    writeFileSync(probe, "ok");
    rmSync(probe, { force: true });
  } catch (error) {
    throw describeFolderError(dataDir, error);
  }
  if (freeBytes(dataDir) < MIN_FREE_BYTES) throw diskFull(dataDir);
}

/** PGlite failed anyway (e.g. the disk filled up meanwhile): name the folder and the likely cause. */
export function explainStartFailure(dataDir: string, error: unknown): Error {
  if (freeBytes(dataDir) < MIN_FREE_BYTES) return diskFull(dataDir, error);
  const reason = error instanceof Error ? error.message : String(error);
  return new DataFolderError(
    `The embedded database in ${dataDir} could not be opened (${reason}). ` +
      "Check that no other shop process uses this DATA_DIR, that the folder and its files belong to the user running the shop, " +
      "and that the disk has free space; a damaged folder can be restored from a backup.",
    { cause: error },
  );
}

function describeFolderError(dataDir: string, error: unknown): Error {
  const code = (error as { code?: string }).code;
  if (code === "ENOSPC" || code === "EDQUOT") return diskFull(dataDir, error);
  const why =
    code === "EACCES" || code === "EPERM"
      ? "the user running the shop may not write there"
      : code === "EROFS"
        ? "it is on a read-only file system"
        : code === "ENOTDIR" || code === "EEXIST"
          ? "a file stands where a folder is needed"
          : `${code ?? "error"}: ${error instanceof Error ? error.message : String(error)}`;
  return new DataFolderError(
    `The embedded database cannot start: its folder ${dataDir} is not writable (${why}). ` +
      "Set DATA_DIR to a writable folder, or give the user running the shop write access to it.",
    { cause: error },
  );
}

function diskFull(dataDir: string, cause?: unknown) {
  return new DataFolderError(
    `The embedded database cannot start: the disk holding ${dataDir} is full. ` +
      "Free some space there, or move DATA_DIR to a larger disk.",
    { cause },
  );
}

/** Free bytes for an unprivileged writer; Infinity when the file system cannot tell. */
function freeBytes(folder: string) {
  try {
    const stats = statfsSync(folder);
    return stats.bavail * stats.bsize;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}
