/**
 * First-load JavaScript (gzip -9) of the storefront pages, from a production build.
 *
 *   npm run bench:bundle                       # builds, then measures
 *   BENCH_SKIP_BUILD=1 npm run bench:bundle    # measures the existing build/
 *   BENCH_JS_BUDGET_KB=100 npm run bench:bundle  # another budget per page (default 130, see 006)
 *
 * Per page: the client entry plus every matched route's module and its static imports, exactly
 * what the server-rendered HTML modulepreloads (see scripts/first-load-js.ts). Prints one row per
 * page, the chunks of the framework floor (entry: React, ReactDOM, React Router) and the largest
 * chunks on any storefront page. Exits 1 when a page is over the budget.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import {
  firstLoadFor,
  gzipBytes,
  kb,
  readBuildManifest,
  STOREFRONT_JS_BUDGET_KB,
  storefrontPages,
} from "./first-load-js.ts";

const root = path.resolve(import.meta.dirname, "..");
const clientDir = path.join(root, "build/client");
const budgetKb = Number(process.env.BENCH_JS_BUDGET_KB || STOREFRONT_JS_BUDGET_KB);

function main() {
  if (!process.env.BENCH_SKIP_BUILD) {
    execFileSync("npx", ["react-router", "build"], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, NODE_ENV: "production" },
    });
  }
  const manifest = readBuildManifest(clientDir);
  const size = memo((url: string) => gzipBytes(clientDir, url));

  const floor = [manifest.entry.module, ...manifest.entry.imports];
  const floorBytes = sum(floor.map(size));
  const rows = storefrontPages.map((page) => {
    const load = firstLoadFor(manifest, page);
    const total = sum(load.scripts.map(size));
    return {
      page,
      route: load.routeIds.at(-1) ?? "",
      "JS KB gzip": kb(total),
      "above floor KB": kb(total - floorBytes),
      "CSS KB gzip": kb(sum(load.stylesheets.map(size))),
      files: load.scripts.length,
      budget: total <= budgetKb * 1024 ? "ok" : "OVER",
    };
  });
  console.table(rows);

  console.log(`\nframework floor (client entry, on every page): ${kb(floorBytes)} KB gzip`);
  for (const url of floor) console.log(`  ${kb(size(url)).padStart(6)} KB  ${url}`);

  const shared = new Set(storefrontPages.flatMap((page) => firstLoadFor(manifest, page).scripts));
  const largest = [...shared]
    .filter((url) => !floor.includes(url))
    .sort((a, b) => size(b) - size(a))
    .slice(0, 12);
  console.log("\nlargest other chunks loaded first by a storefront page:");
  for (const url of largest) console.log(`  ${kb(size(url)).padStart(6)} KB  ${url}`);

  const over = rows.filter((row) => row.budget === "OVER").length;
  console.log(`\nbudget ${budgetKb} KB gzip per page: ${over ? `${over} page(s) over` : "met"}`);
  process.exit(over ? 1 : 0);
}

function memo<T>(fn: (key: string) => T) {
  const cache = new Map<string, T>();
  return (key: string) => {
    if (!cache.has(key)) cache.set(key, fn(key));
    return cache.get(key) as T;
  };
}

function sum(values: number[]) {
  return values.reduce((total, value) => total + value, 0);
}

main();
