import type { PGlite } from "@electric-sql/pglite";
import { openDatabase } from "../client.ts";
import { loadPostgresDriver } from "../postgres-driver/load.ts";
import { BackupError } from "./errors.ts";

/** Where a dump goes: a PostgreSQL database (DATABASE_URL) or the embedded one in `dbDir`. */
export type RestoreTarget = { url: string } | { dbDir: string };

export type RestoreOptions = {
  /** Replace whatever the target database holds (its schemas public and drizzle) with the dump. */
  force?: boolean;
};

export type RestoreSummary = { tables: number; orders: number };

/** What the restore needs from either kind of database. */
type Target = {
  rows<T>(query: string): Promise<T[]>;
  runInTransaction(script: string): Promise<void>;
  close(): Promise<void>;
};

/**
 * Loads a dump made by `npm run db:backup` (or pg_dump in plain format) into an empty database,
 * in one transaction: a failed restore leaves the target as it was.
 */
export async function restoreDump(dump: string, to: RestoreTarget, options: RestoreOptions = {}) {
  const target = "url" in to ? await openPostgresTarget(to.url) : await openPgliteTarget(to.dbDir);
  try {
    await refuseUnsafeRestore(target, to, options);
    const wipe = options.force ? replaceEverythingSql : "";
    await target.runInTransaction(wipe + withoutUnknownSettings(dump, await knownSettings(target)));
    return await summarize(target);
  } finally {
    await target.close();
  }
}

// The dump's own schemas; the extension pg_trgm lives in public and goes with it.
const replaceEverythingSql = `
drop schema if exists drizzle cascade;
drop schema if exists public cascade;
create schema public;
`;

async function refuseUnsafeRestore(target: Target, to: RestoreTarget, { force }: RestoreOptions) {
  if ("url" in to) {
    const [others] = await target.rows<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
    );
    if (others && others.n > 0) {
      throw new BackupError(
        `${others.n} other connection(s) are open on this database: stop every shop instance (and any other client) before restoring.`,
      );
    }
  }
  const tables = await userTables(target);
  if (tables.length > 0 && !force) {
    const names = tables.slice(0, 5).join(", ") + (tables.length > 5 ? ", …" : "");
    throw new BackupError(
      `The target database is not empty (${tables.length} tables: ${names}). Restore into an empty database, or add --force to replace everything in it with the backup.`,
    );
  }
}

async function userTables(target: Target): Promise<string[]> {
  const rows = await target.rows<{ name: string }>(
    `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
       and n.nspname not like 'pg\\_%' order by 1`,
  );
  return rows.map((r) => r.name);
}

async function knownSettings(target: Target): Promise<Set<string>> {
  const rows = await target.rows<{ name: string }>("select name from pg_settings");
  return new Set(rows.map((r) => r.name));
}

/**
 * The embedded database is a newer PostgreSQL than many servers: its dump starts with settings an
 * older server does not know (e.g. `SET transaction_timeout = 0;`, PostgreSQL 17+). They only
 * tune the restoring session, so they are left out rather than failing the restore.
 */
export function withoutUnknownSettings(dump: string, known: Set<string>): string {
  // Only the header, before the first object: further down, a line of a multi-line text value
  // (a blog post, say) could look like a SET and must stay as it is.
  const firstObject = dump.search(/^-- Name: /m);
  const end = firstObject === -1 ? dump.length : firstObject;
  const header = dump
    .slice(0, end)
    .replace(/^SET (\w+) = [^\n]*;$/gm, (line, name: string) =>
      known.has(name.toLowerCase()) ? line : `-- left out (unknown to this server): ${line}`,
    );
  return header + dump.slice(end);
}

async function summarize(target: Target): Promise<RestoreSummary> {
  const tables = await userTables(target);
  if (!tables.includes("public.orders")) return { tables: tables.length, orders: 0 };
  const [orders] = await target.rows<{ n: number }>("select count(*)::int as n from public.orders");
  return { tables: tables.length, orders: orders?.n ?? 0 };
}

async function openPostgresTarget(url: string): Promise<Target> {
  const { postgres } = await loadPostgresDriver();
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  return {
    rows: async <T>(query: string) => (await sql.unsafe(query)) as unknown as T[],
    runInTransaction: async (script) => void (await sql.begin((tx) => tx.unsafe(script))),
    close: () => sql.end({ timeout: 5 }),
  };
}

async function openPgliteTarget(dbDir: string): Promise<Target> {
  const database = await openDatabase({ dataDir: dbDir });
  const pg = (database.db as unknown as { $client: PGlite }).$client;
  return {
    rows: async <T>(query: string) => (await pg.query<T>(query)).rows,
    runInTransaction: (script) => pg.transaction(async (tx) => void (await tx.exec(script))),
    close: () => database.close(),
  };
}
