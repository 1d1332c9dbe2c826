import { execFileSync } from "node:child_process";
import path from "node:path";

/** Builds the app once for the whole browser-test run (E2E_SKIP_BUILD=1 reuses the last build). */
export default function setup() {
  if (process.env.E2E_SKIP_BUILD === "1") return;
  const bin = path.resolve("node_modules/.bin/react-router");
  execFileSync(bin, ["build"], { stdio: ["ignore", "ignore", "inherit"] });
}
