import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The folders' dependency rule (docs/decisions/017): `core/` imports neither `app/` nor
 * `server/`, and `server/` never imports `app/`. A route may import both; nothing imports a route.
 */
const root = resolve(import.meta.dirname, "../..");
const importPattern = /(?:from|import)\s*\(?\s*["']([^"']+)["']/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

/** Every import of a file that lands in one of `folders` (resolving `~/`, `~server/` and relative paths). */
function importsInto(file: string, folders: string[]): string[] {
  const found: string[] = [];
  for (const [, spec] of readFileSync(join(root, file), "utf8").matchAll(importPattern)) {
    if (!spec) continue;
    const target = spec.startsWith("~/")
      ? `app/${spec.slice(2)}`
      : spec.startsWith("~server/")
        ? `server/${spec.slice(8)}`
        : spec.startsWith(".")
          ? relative(root, resolve(root, file, "..", spec))
          : null;
    if (target && folders.some((folder) => target.startsWith(`${folder}/`))) found.push(`${file} → ${spec}`);
  }
  return found;
}

describe("dependency direction", () => {
  it("server/ never imports app/", () => {
    expect(sourceFiles("server").flatMap((file) => importsInto(file, ["app"]))).toEqual([]);
  });

  it("core/ imports neither app/ nor server/", () => {
    expect(sourceFiles("core").flatMap((file) => importsInto(file, ["app", "server"]))).toEqual([]);
  });
});
