/**
 * The structure figures of issue 32, measured from the source as text so they can be measured
 * again after any change: `node --import tsx scripts/architecture-figures.ts` (add `--pairs` to
 * list the mutual server/ folder pairs). Tests are left out: they may reach across folders.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const importPattern = /(?:from|import)\s*\(?\s*["']([^"']+)["']/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

function targetOf(file: string, spec: string): string | null {
  if (spec.startsWith("~/")) return `app/${spec.slice(2)}`;
  if (spec.startsWith("~server/")) return `server/${spec.slice(8)}`;
  if (spec.startsWith("~core/")) return `core/${spec.slice(6)}`;
  if (spec.startsWith(".")) return relative(root, resolve(root, file, "..", spec));
  return null;
}

/** The server/ folder a path lies in (`server/orders/x.ts` → `orders`); null for server/'s own files. */
function serverFolder(path: string): string | null {
  const parts = path.split("/");
  return parts[0] === "server" && parts.length > 2 ? (parts[1] ?? null) : null;
}

const server = sourceFiles("server");
const pairs = new Set<string>();
for (const file of server) {
  const from = serverFolder(file);
  if (!from) continue;
  for (const [, spec] of readFileSync(join(root, file), "utf8").matchAll(importPattern)) {
    const to = spec ? serverFolder(targetOf(file, spec) ?? "") : null;
    if (to && to !== from) pairs.add(`${from}→${to}`);
  }
}
const mutual = [...pairs]
  .map((pair) => pair.split("→") as [string, string])
  .filter(([a, b]) => a < b && pairs.has(`${b}→${a}`))
  .map(([a, b]) => `${a}↔${b}`);

const read = (file: string) => readFileSync(join(root, file), "utf8");
const routes = sourceFiles("app/routes");
const appAndServer = [...sourceFiles("app"), ...server];

const figures = {
  "server/ folder-to-folder import pairs": pairs.size,
  "  of them both ways (mutual)": mutual.length,
  "route files with their own try/catch": routes.filter(
    (f) => /\btry\s*\{/.test(read(f)) && /\bcatch\b/.test(read(f)),
  ).length,
  "route files calling settle by hand": routes.filter((f) => /\bsettle\(/.test(read(f))).length,
  "field-error conversions (list → one message) written out": appAndServer.filter((f) =>
    /\[(\w+), (\w+)\]\) => \[\1, \2\?\.\[0\]\]|fieldErrors\.\w+\?\.\[0\]/.test(read(f)),
  ).length,
  "request-code files (*.server.ts) in app/routes/": routes.filter((f) => f.endsWith(".server.ts")).length,
  "request-code files (*.server.ts) in app/lib/": sourceFiles("app/lib").filter((f) =>
    f.endsWith(".server.ts"),
  ).length,
  "request-code files (*.server.ts) in server/": server.filter((f) => f.endsWith(".server.ts")).length,
  "server files returning ok:false unions": server.filter((f) => /ok:\s*false/.test(read(f))).length,
  "server files throwing": server.filter((f) => /\bthrow new\b/.test(read(f))).length,
  // start-up, database-file and import errors are not request failures: their folders are left out
  "error classes outside the DomainError family (server/, not db/ migration/ config)": server
    .filter((f) => !/^server\/(db|migration)\/|^server\/config\.ts$/.test(f))
    .flatMap((f) => [...read(f).matchAll(/class (\w+) extends Error\b/g)].map((m) => m[1])).length,
  "toast types (aliases not counted)": appAndServer
    .concat(sourceFiles("core"))
    .filter((f) => /export type \w*Toast\s*=\s*(\{|\w+ &)/.test(read(f))).length,
};

for (const [name, value] of Object.entries(figures)) console.log(`${String(value).padStart(4)}  ${name}`);
if (process.argv.includes("--pairs")) console.log(`\nmutual: ${mutual.join(", ") || "none"}`);
