import { existsSync } from "node:fs";
import path from "node:path";

/**
 * The project folder (where package.json is). Source files live under server/…, the production
 * bundle under build/server/, so folders next to the code (migrations, demo images, the client
 * build) are found from here rather than relative to the running file.
 */
export const projectRoot = findProjectRoot(import.meta.dirname);

function findProjectRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) return process.cwd();
  }
}
