/**
 * `react-router typegen` (route types for `npm run typecheck`) without the envFile deprecation
 * warning it triggers three times (scripts/quiet-output.mjs). Exits with typegen's code.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { forwardLines, isEnvFileDeprecation } from "./quiet-output.mjs";

const root = path.resolve(import.meta.dirname, "..");
const child = spawn(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "typegen"], {
  cwd: root,
  stdio: ["ignore", "pipe", "pipe"],
});
forwardLines(child.stdout, process.stdout, isEnvFileDeprecation);
forwardLines(child.stderr, process.stderr, isEnvFileDeprecation);
child.once("close", (code) => {
  process.exitCode = code ?? 1;
});
