/**
 * Runs after `npm install` (postinstall): fixes a crash in postgres.js 3.4.9 (the newest release)
 * that takes the whole server down when PostgreSQL stops while a transaction is running.
 * Upstream: porsager/postgres#1154, #1208 (fixes proposed in #1168, #1209, not released yet).
 * After the server closes a connection, the driver nulls its socket; a statement still sent on it
 * (the ROLLBACK of the interrupted transaction) is written from a setImmediate callback that reads
 * `socket.write` and throws outside any promise. The guard fails those statements with
 * CONNECTION_CLOSED instead, and teardown forgets the unsent bytes of the dead socket.
 * Idempotent; leaves any other version alone. Files are replaced (write + rename), never edited in
 * place, so a node_modules hard-linked from another checkout is not changed through the link.
 * See docs/decisions/027-database-outage.md.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../node_modules/postgres");
const MARK = "/* shop: socket guard */";

const GUARDED_WRITE = `  function nextWrite(fn) {
    if (!socket) { ${MARK}
      nextWriteTimer !== null && clearImmediate(nextWriteTimer)
      chunk = nextWriteTimer = null
      error(Errors.connection('CONNECTION_CLOSED', options))
      return false
    }
`;

function patch(file) {
  const source = readFileSync(file, "utf8");
  if (source.includes(MARK)) return "already patched";
  const teardown = "    clearImmediate(nextWriteTimer)\n";
  if (!source.includes("  function nextWrite(fn) {\n") || source.split(teardown).length !== 3)
    throw new Error(`${file}: unexpected source, not patched`);
  const patched = source
    .replace("  function nextWrite(fn) {\n", GUARDED_WRITE)
    .replaceAll(teardown, `    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null ${MARK}\n`);
  const temporary = `${file}.shop-patch`;
  writeFileSync(temporary, patched);
  renameSync(temporary, file);
  return "patched";
}

const manifest = path.join(root, "package.json");
if (!existsSync(manifest)) process.exit(0);
const { version } = JSON.parse(readFileSync(manifest, "utf8"));
if (version !== "3.4.9") {
  console.warn(
    `postgres ${version}: the 3.4.9 socket guard is not applied (check whether it is still needed)`,
  );
  process.exit(0);
}
for (const flavour of ["src", "cjs/src", "cf/src"]) {
  const file = path.join(root, flavour, "connection.js");
  if (existsSync(file)) patch(file);
}
