/**
 * What JavaScript a page loads on a first visit, read from a production build.
 *
 * React Router writes its own manifest (`build/client/assets/manifest-<hash>.js`): the client
 * entry and, per route, its module and every chunk that module imports statically. The HTML of a
 * first visit preloads exactly the entry plus the modules of the routes that match the URL (see
 * `<Scripts>`), so matching the URL against that manifest gives the same list without a server.
 * Chunks loaded later with `import()` (drawers, toasts…) are not part of it, by design.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { matchRoutes, type RouteObject } from "react-router";

/**
 * The first-load JavaScript we hold every storefront page to, gzip. The issue asks for 100 KB, but
 * React + ReactDOM + React Router alone are ~106 KB: see docs/decisions/015-storefront-js-budget.md.
 * Raised from 130 to 135 KB when the header's search suggestions, the navigation progress bar and
 * the cart's saved coupon arrived (the home page measured 132.3 KB): winning it back by hydrating
 * less is the Lighthouse part of the speed work (docs/performance.md).
 */
export const STOREFRONT_JS_BUDGET_KB = 135;

/** The storefront pages the benchmarks and the bundle test measure (demo data slugs). */
export const storefrontPages = [
  "/",
  "/products",
  "/product/pure-himalayan-shilajit-resin",
  "/blog",
  "/blog/what-is-shilajit-a-beginners-guide-to-himalayan-resin",
  "/cart",
  "/checkout",
];

export type ManifestRoute = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  module: string;
  imports?: string[];
  css?: string[];
};

export type BuildManifest = {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
};

export type FirstLoad = {
  /** Route ids from the root down to the matched leaf. */
  routeIds: string[];
  /** Script URLs (`/assets/…js`) in load order, without duplicates. */
  scripts: string[];
  stylesheets: string[];
};

/** Reads the newest React Router client manifest of the build in `clientDir` (build/client). */
export function readBuildManifest(clientDir: string): BuildManifest {
  const assets = path.join(clientDir, "assets");
  const candidates = readdirSync(assets)
    .filter((name) => /^manifest-[\w-]+\.js$/.test(name))
    .map((name) => path.join(assets, name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (!candidates[0]) throw new Error(`no React Router manifest in ${assets}: run npm run build`);
  const source = readFileSync(candidates[0], "utf8");
  // The file is `window.__reactRouterManifest={…};`: plain JSON after the first "=".
  return JSON.parse(source.slice(source.indexOf("=") + 1).replace(/;\s*$/, ""));
}

/** The chunks the first HTML of `pathname` preloads: entry, then each matched route's module graph. */
export function firstLoadFor(manifest: BuildManifest, pathname: string): FirstLoad {
  const matches = matchRoutes(routeTree(manifest), pathname) ?? [];
  const routes = matches.map((match) => manifest.routes[match.route.id as string] as ManifestRoute);
  const scripts = new Set([manifest.entry.module, ...manifest.entry.imports]);
  const stylesheets = new Set<string>();
  for (const route of routes) {
    for (const file of [route.module, ...(route.imports ?? [])]) scripts.add(file);
    for (const file of route.css ?? []) stylesheets.add(file);
  }
  return { routeIds: routes.map((r) => r.id), scripts: [...scripts], stylesheets: [...stylesheets] };
}

function routeTree(manifest: BuildManifest): RouteObject[] {
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    Object.values(manifest.routes)
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, index: true, path: route.path }
          : {
              id: route.id,
              path: route.path,
              caseSensitive: route.caseSensitive,
              children: childrenOf(route.id),
            },
      );
  return childrenOf(undefined);
}

/** gzip -9 size in bytes of a built asset given by its URL path (`/assets/x.js`). */
export function gzipBytes(clientDir: string, assetUrl: string): number {
  const file = assetUrl.replace(/[?#].*$/, "");
  return gzipSync(readFileSync(path.join(clientDir, file)), { level: 9 }).length;
}

export function kb(bytes: number): string {
  return (bytes / 1024).toFixed(1);
}
