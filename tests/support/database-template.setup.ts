import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { migrationsFolder, openDatabase } from "../../server/db/client.ts";

const root = path.resolve(import.meta.dirname, "../..");
const cacheDir = path.join(root, "node_modules/.cache/shop-pglite-template");

/**
 * Migrating a fresh PGlite takes ~2 s; loading a dump of an already migrated one takes ~0.5 s.
 * The migrated dump is kept between runs, named by a hash of the migrations and the PGlite
 * version, so a run (or `vitest list`) of one file skips the migration; a changed migration or
 * PGlite upgrade makes a new one. Every test file loads its own copy.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) return;
  const file = path.join(cacheDir, `${templateKey()}.tar`);
  if (!existsSync(file)) await writeTemplate(file);
  project.provide("pgliteTemplate", file);
}

/** What the migrated database depends on: every migration file (name and bytes) and PGlite's version. */
function templateKey(): string {
  const hash = createHash("sha256");
  const pglite = JSON.parse(
    readFileSync(path.join(root, "node_modules/@electric-sql/pglite/package.json"), "utf8"),
  );
  hash.update(`pglite ${pglite.version}\n`);
  for (const name of listFiles(migrationsFolder)) {
    hash.update(`${name}\n`);
    hash.update(readFileSync(path.join(migrationsFolder, name)));
  }
  return hash.digest("hex").slice(0, 16);
}

function listFiles(dir: string, prefix = ""): string[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true })
    .flatMap((entry) => {
      const name = path.join(prefix, entry.name);
      return entry.isDirectory() ? listFiles(dir, name) : [name];
    })
    .sort();
}

/** Migrates a fresh PGlite and dumps it; older templates are removed, the new one appears whole. */
async function writeTemplate(file: string) {
  const database = await openDatabase({});
  await database.migrate();
  const client = (database.db as unknown as { $client: { dumpDataDir(c: "none"): Promise<Blob> } }).$client;
  const dump = Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer());
  await database.close();
  mkdirSync(cacheDir, { recursive: true });
  // Renamed into place: a parallel run never reads a half-written file.
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, dump);
  renameSync(partial, file);
  for (const name of readdirSync(cacheDir)) {
    if (name.endsWith(".tar") && name !== path.basename(file))
      rmSync(path.join(cacheDir, name), { force: true });
  }
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
