import { execFileSync } from "node:child_process";
import path from "node:path";

/**
 * Builds the app once for the whole browser-test run, as `npm start` does: only when the sources
 * changed since the last build (E2E_SKIP_BUILD=1 skips even that check). The build script sets
 * NODE_ENV=production itself (Vitest's NODE_ENV=test would bundle React's development build).
 */
export default function setup() {
  if (process.env.E2E_SKIP_BUILD === "1") return;
  execFileSync(process.execPath, [path.resolve("scripts/build.mjs"), "--if-changed"], {
    stdio: ["ignore", "ignore", "inherit"],
  });
}
