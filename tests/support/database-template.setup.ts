import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import postgres from "postgres";
import type { TestProject } from "vitest/node";
import { migrationsFolder, openDatabase } from "../../server/db/client.ts";

const root = path.resolve(import.meta.dirname, "../..");
const cacheDir = path.join(root, "node_modules/.cache/shop-pglite-template");

/**
 * Migrating a fresh database takes ~2 s; a copy of an already migrated one, a fraction of that.
 * - PGlite: a dump of a migrated database is kept between runs, named by a hash of the
 *   migrations and the PGlite version, so a run (or `vitest list`) of one file skips the
 *   migration; a changed migration or PGlite upgrade makes a new one. Every test file loads its
 *   own copy.
 * - PostgreSQL (TEST_DATABASE_URL): a migrated database `shop_template_<hash of the migrations>`
 *   on that server, kept between runs; every test database is created from it
 *   (`CREATE DATABASE … TEMPLATE`, tests/support/database.ts).
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide("postgresTemplate", await postgresTemplate(process.env.TEST_DATABASE_URL));
    return;
  }
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

/**
 * The migrated template database on the server, made when missing. Built under a name of its own
 * and renamed into place, so a parallel setup (the other test project, another run) never copies
 * a half-migrated one; templates of other migrations are dropped.
 */
async function postgresTemplate(serverUrl: string): Promise<string> {
  const key = templateKey();
  const name = `shop_template_${key}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    const found = await admin`select 1 from pg_database where datname = ${name}`;
    if (found.length === 0) await buildPostgresTemplate(admin, serverUrl, name);
    const stale = await admin`
      select datname from pg_database
      where datname like 'shop\_template\_%' and left(datname, ${name.length}) <> ${name}`;
    for (const { datname } of stale) {
      await admin.unsafe(`alter database "${datname}" with is_template false`);
      await admin.unsafe(`drop database if exists "${datname}" with (force)`);
    }
    return name;
  } finally {
    await admin.end();
  }
}

async function buildPostgresTemplate(admin: postgres.Sql, serverUrl: string, name: string) {
  const building = `${name}_${randomBytes(4).toString("hex")}`;
  await admin.unsafe(`create database "${building}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${building}`;
  const database = await openDatabase({ url: url.toString(), max: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  // No connections from now on, autovacuum's included: a copy fails while the template has any.
  await admin.unsafe(`alter database "${building}" with is_template true allow_connections false`);
  // Another setup may have put the same template in place meanwhile: then this copy goes.
  await admin.unsafe(`alter database "${building}" rename to "${name}"`).catch(async () => {
    await admin.unsafe(`alter database "${building}" with is_template false`);
    await admin.unsafe(`drop database if exists "${building}"`);
  });
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** The migrated database on TEST_DATABASE_URL's server that test databases are copied from. */
    postgresTemplate?: string;
  }
}
