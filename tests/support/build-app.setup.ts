import { execFileSync } from "node:child_process";
import path from "node:path";

/** Builds the app once for the whole browser-test run (E2E_SKIP_BUILD=1 reuses the last build). */
export default function setup() {
  if (process.env.E2E_SKIP_BUILD === "1") return;
  const bin = path.resolve("node_modules/.bin/react-router");
  // Vitest sets NODE_ENV=test, which would bundle React's development build: test what ships.
  execFileSync(bin, ["build"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NODE_ENV: "production" },
  });
}
