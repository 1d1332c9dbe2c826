import { readFileSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "../project-root.ts";

/** "commit, built at" from build/version.json (scripts/build.mjs); null in development. */
export function buildVersion(): string | null {
  try {
    const { commit, builtAt } = JSON.parse(
      readFileSync(path.join(projectRoot, "build/version.json"), "utf8"),
    );
    return [commit, builtAt && `built ${builtAt}`].filter(Boolean).join(", ") || null;
  } catch {
    return null;
  }
}
