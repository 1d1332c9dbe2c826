/**
 * The guard postgres.js 3.4.9 needs so that PostgreSQL stopping during a transaction cannot crash
 * the process (docs/decisions/052-postgres-driver-guard.md). After the server closes a connection,
 * the driver nulls its socket; the interrupted transaction's ROLLBACK is then written from a
 * setImmediate callback that reads `socket.write` and throws outside any promise. The guard fails
 * such statements with CONNECTION_CLOSED instead, and teardown forgets the dead socket's unsent
 * bytes. Upstream: porsager/postgres#1154, #1208 (fixes proposed in #1168, #1209, unreleased).
 *
 * It is applied when the driver is first loaded (`loadPostgresDriver`), not at `npm install`, so
 * `npm ci --ignore-scripts` cannot drop it.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";

export const GUARDED_VERSION = "3.4.9";
export const GUARD_MARK = "/* shop: socket guard */";

const WRITE_HEAD = "  function nextWrite(fn) {\n";
const TEARDOWN = "    clearImmediate(nextWriteTimer)\n";
const GUARDED_WRITE = `${WRITE_HEAD}    if (!socket) { ${GUARD_MARK}
      nextWriteTimer !== null && clearImmediate(nextWriteTimer)
      chunk = nextWriteTimer = null
      error(Errors.connection('CONNECTION_CLOSED', options))
      return false
    }
`;

/** The three builds of the driver (ESM, CommonJS, Cloudflare) each carry their own connection.js. */
const FLAVOURS = ["src", "cjs/src", "cf/src"];

export type GuardResult = "patched" | "already patched" | "other version";

/** connection.js with the guard added; throws when the source is not the one the guard fits. */
export function withSocketGuard(source: string, file: string): string {
  if (source.includes(GUARD_MARK)) return source;
  if (!source.includes(WRITE_HEAD) || source.split(TEARDOWN).length !== 3)
    throw new Error(`${file}: unexpected postgres.js source; the socket guard cannot be applied`);
  return source
    .replace(WRITE_HEAD, GUARDED_WRITE)
    .replaceAll(TEARDOWN, `${TEARDOWN}    chunk = nextWriteTimer = null ${GUARD_MARK}\n`);
}

/**
 * Adds the guard to the driver installed at `packageRoot` when it lacks it. Files are replaced
 * (write + rename), never edited in place, so a node_modules hard-linked from another checkout is
 * not changed through the link. A read-only node_modules without the guard is an error that says
 * what to do, so the server never runs PostgreSQL without it.
 */
export function ensureSocketGuard(packageRoot: string): GuardResult {
  const { version } = JSON.parse(readFileSync(path.join(packageRoot, "package.json"), "utf8"));
  if (version !== GUARDED_VERSION) return "other version";
  const files = FLAVOURS.map((f) => path.join(packageRoot, f, "connection.js")).filter(existsSync);
  let patched = false;
  for (const file of files) {
    const source = readFileSync(file, "utf8");
    if (source.includes(GUARD_MARK)) continue;
    replaceFile(file, withSocketGuard(source, file));
    patched = true;
  }
  return patched ? "patched" : "already patched";
}

function replaceFile(file: string, content: string) {
  const temporary = `${file}.shop-patch`;
  try {
    writeFileSync(temporary, content);
    renameSync(temporary, file);
  } catch (error) {
    throw new Error(
      `postgres.js ${GUARDED_VERSION} needs the socket guard (docs/decisions/052-postgres-driver-guard.md) ` +
        `but ${file} cannot be written (${(error as Error).message}). ` +
        "Start the shop once with a writable node_modules, or run `npm run db:driver-guard` where it is (the Dockerfile does, in its build stage).",
    );
  }
}
