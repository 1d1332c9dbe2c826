/**
 * Builds the app for production (client assets + the server bundle build/server/index.js), quietly.
 *
 *   node scripts/build.mjs               # npm run build: always builds
 *   node scripts/build.mjs --if-changed  # npm start: builds only when the sources changed
 *   node scripts/build.mjs --verbose     # also prints Vite's table of every built file
 *
 * "Changed" means a different fingerprint (path, size and modification time of every source file,
 * see `sourceFiles`) from the one written after the last successful build. Plain JavaScript, so
 * `npm start` checks it without loading a TypeScript loader.
 */
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { forwardLines, isEnvFileDeprecation } from "./quiet-output.mjs";

const root = path.resolve(import.meta.dirname, "..");
const fingerprintFile = path.join(root, "build/.sources-fingerprint");
const serverBundle = path.join(root, "build/server/index.js");
/** What was built, for the admin's System page: the commit (when built from a git checkout) and when. */
const versionFile = path.join(root, "build/version.json");
/** Folders and files whose content ends up in the build. Tests are left out: they are not built. */
const sourceDirs = ["app", "server", "public"];
const sourceFiles = ["package.json", "package-lock.json", "react-router.config.ts", "tsconfig.json"];
const isTest = (name) => /\.test\.tsx?$/.test(name);

const args = new Set(process.argv.slice(2));
const verbose = args.has("--verbose");

async function main() {
  const fingerprint = sourcesFingerprint();
  if (args.has("--if-changed") && isUpToDate(fingerprint)) return;
  const started = performance.now();
  console.log("Building the shop for production…");
  rmSync(fingerprintFile, { force: true });
  const code = await runBuild();
  if (code !== 0) {
    console.error(`Build failed (exit code ${code}).`);
    process.exit(code ?? 1);
  }
  writeFileSync(fingerprintFile, fingerprint);
  writeFileSync(versionFile, JSON.stringify(buildVersion()));
  console.log(`Built in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}

function isUpToDate(fingerprint) {
  return (
    existsSync(serverBundle) &&
    existsSync(fingerprintFile) &&
    readFileSync(fingerprintFile, "utf8") === fingerprint
  );
}

function buildVersion() {
  const git = spawnSync("git", ["describe", "--always", "--dirty"], { cwd: root, encoding: "utf8" });
  return { commit: git.status === 0 ? git.stdout.trim() : null, builtAt: new Date().toISOString() };
}

function sourcesFingerprint() {
  const rootFiles = readdirSync(root).filter((name) => /^vite\..*\.ts$/.test(name));
  const files = [...sourceFiles, ...rootFiles, ...sourceDirs.flatMap((dir) => listFiles(dir))];
  const hash = createHash("sha256");
  for (const file of files.sort()) {
    const stat = statSync(path.join(root, file), { throwIfNoEntry: false });
    hash.update(`${file}\0${stat?.size}\0${stat?.mtimeMs}\n`);
  }
  return hash.digest("hex");
}

function listFiles(dir) {
  const entries = readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && !isTest(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/** `react-router build` with NODE_ENV=production, its output filtered (see `isNoise`). */
function runBuild() {
  const bin = path.join(root, "node_modules/@react-router/dev/bin.js");
  const child = spawn(process.execPath, [bin, "build"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", BUILD_VERBOSE: verbose ? "1" : "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  forwardLines(child.stdout, process.stdout, isNoise);
  forwardLines(child.stderr, process.stderr, isNoise);
  return new Promise((resolve) => child.once("close", resolve));
}

/** Vite's progress lines and its list of built files, printed with --verbose only. */
const quietLines = [
  /^$/,
  /^build\/\S+/,
  /^vite v\S+ building/,
  /^(computing gzip size|rendering chunks|transforming)\.\.\./,
  /^✓ (\d+ modules transformed|built in|\d+ assets? cleaned)/,
];

/**
 * Vite's list of every built file (unless --verbose) and a deprecation warning React Router's own
 * internal Vite servers trigger (`envFile: false`), which no setting of ours can change.
 */
function isNoise(line) {
  if (isEnvFileDeprecation(line)) return true;
  const text = stripVTControlCharacters(line);
  if (verbose) return false;
  return quietLines.some((pattern) => pattern.test(text.trim()));
}

await main();
