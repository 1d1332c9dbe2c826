import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Two server/ domain folders never import each other (issue 32). The pairs that still do are
 * listed here to be cut one by one: the list may only shrink — a new mutual pair fails, and a
 * pair that is gone must leave the list. `node --import tsx scripts/architecture-figures.ts --pairs`
 * prints today's pairs.
 */
const STILL_MUTUAL: string[] = [];

const root = resolve(import.meta.dirname, "../..");
const importPattern = /(?:from|import)\s*\(?\s*["']([^"']+)["']/g;

function serverFolderOf(path: string): string | null {
  const parts = path.split("/");
  return parts[0] === "server" && parts.length > 2 ? (parts[1] ?? null) : null;
}

/** Folder-to-folder imports of server/ code (tests left out: they may reach across). */
function folderImports(): Set<string> {
  const pairs = new Set<string>();
  const files = readdirSync(join(root, "server"), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
  for (const file of files) {
    const from = serverFolderOf(file);
    if (!from) continue;
    for (const [, spec] of readFileSync(join(root, file), "utf8").matchAll(importPattern)) {
      if (!spec) continue;
      const target = spec.startsWith("~server/")
        ? `server/${spec.slice(8)}`
        : spec.startsWith(".")
          ? relative(root, resolve(root, file, "..", spec))
          : "";
      const to = serverFolderOf(target);
      if (to && to !== from) pairs.add(`${from}→${to}`);
    }
  }
  return pairs;
}

describe("server/ folder cycles", () => {
  it("no two domain folders import each other beyond the pairs still being cut", () => {
    const pairs = folderImports();
    const mutual = [...pairs]
      .map((pair) => pair.split("→") as [string, string])
      .filter(([a, b]) => a < b && pairs.has(`${b}→${a}`))
      .map(([a, b]) => `${a}↔${b}`)
      .sort();
    expect(mutual).toEqual([...STILL_MUTUAL].sort());
  });
});
