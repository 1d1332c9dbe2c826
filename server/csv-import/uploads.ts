import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { isUuid } from "../db/ids.ts";

/**
 * A CSV uploaded in the admin (catalog, customers) waits on disk (DATA_DIR/imports) between its
 * preview and its import, so neither holds the file in memory. Larger files go through the
 * import's command (`npm run catalog:import`, `npm run customers:import`).
 */
export const MAX_CSV_UPLOAD_BYTES = 20 * 1024 * 1024;
/** Room for the other form fields around a maximal file. */
export const MAX_CSV_BODY_BYTES = MAX_CSV_UPLOAD_BYTES + 64 * 1024;
/** The 413 answer, naming the command that takes a larger file. */
export const csvTooLarge = (command: string) =>
  `The file must be 20 MB or smaller; import a larger one with npm run ${command} (docs/migrating.md)`;

/** A preview not imported within a day is deleted at the next upload. */
const KEEP_MS = 24 * 60 * 60 * 1000;

const fileOf = (dir: string, token: string, suffix = "") => path.join(dir, `upload-${token}${suffix}.csv`);

/** Saves the uploaded file; its token names it for the import step. */
export async function saveCsvUpload(dir: string, file: File, now = Date.now()): Promise<string> {
  await mkdir(dir, { recursive: true });
  await removeStale(dir, now);
  const token = randomUUID();
  await pipeline(
    Readable.fromWeb(file.stream() as import("node:stream/web").ReadableStream),
    createWriteStream(fileOf(dir, token)),
  );
  return token;
}

/** The saved file as a stream, or null for an unknown token. */
export async function openCsvUpload(dir: string, token: string) {
  if (!isUuid(token)) return null;
  const file = fileOf(dir, token);
  return (await stat(file).catch(() => null)) ? createReadStream(file) : null;
}

/**
 * Takes the file for its one import: renamed first, so a second click (or a second tab) finds
 * nothing and cannot import the same file twice at once. `done` deletes it.
 */
export async function claimCsvUpload(dir: string, token: string) {
  if (!isUuid(token)) return null;
  const claimed = fileOf(dir, token, "-importing");
  try {
    await rename(fileOf(dir, token), claimed);
  } catch {
    return null;
  }
  return { stream: createReadStream(claimed), done: () => rm(claimed, { force: true }) };
}

async function removeStale(dir: string, now: number) {
  for (const name of await readdir(dir)) {
    if (!name.startsWith("upload-")) continue;
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info && now - info.mtimeMs > KEEP_MS) await rm(file, { force: true });
  }
}
