import { chmodSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { gunzipSync, gzipSync } from "node:zlib";
import { BackupError } from "./errors.ts";

/**
 * Writes the dump with owner-only permissions (it holds password hashes and session tokens),
 * gzip-compressed when the name ends in `.gz`. Written under a temporary name first and renamed,
 * so a backup that fails half-way never looks complete.
 */
export function writeDumpFile(file: string, dump: string) {
  const partial = `${file}.partial`;
  const bytes = file.endsWith(".gz") ? gzipSync(dump) : Buffer.from(dump);
  try {
    writeFileSync(partial, bytes, { mode: 0o600 });
    chmodSync(partial, 0o600);
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

/** Reads a dump written by writeDumpFile (plain or gzip, told apart by content, not by name). */
export function readDumpFile(file: string): string {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw new BackupError(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? error}`);
  }
  const isGzip = bytes[0] === 0x1f && bytes[1] === 0x8b;
  const text = (isGzip ? gunzipSync(bytes) : bytes).toString("utf8");
  if (!text.includes("PostgreSQL database dump")) {
    throw new BackupError(`${file} is not a database dump made by npm run db:backup or pg_dump.`);
  }
  // pg_dump ends every dump with this line: a file cut short lacks it at its end.
  if (!text.slice(-200).includes("PostgreSQL database dump complete")) {
    throw new BackupError(`${file} is incomplete (cut off before its end): use another backup.`);
  }
  return text;
}
