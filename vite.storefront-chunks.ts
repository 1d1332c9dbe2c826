import path from "node:path";
import type { Plugin } from "vite";

/**
 * Fewer, larger chunks for the storefront's first load (see docs/decisions/015-storefront-js-budget.md).
 *
 * Left alone, the bundler makes one chunk per combination of routes that share a module: a
 * storefront page then preloads ~30 files of a few hundred bytes each. On a phone (HTTP/1.1, six
 * connections, ~150 ms per round trip) the round trips cost more than the bytes. So the client
 * build gets two groups:
 * - `framework`: React, ReactDOM and React Router, needed by every page;
 * - `storefront`: every module that two or more storefront routes (root included) import
 *   statically, except route modules themselves (a module of one route stays in its chunk). Code loaded on demand (drawers, menus, sonner) and admin-only code stay
 *   out, because they are only reachable through `import()` or from admin routes.
 */
const appDir = path.resolve(import.meta.dirname, "app");
const framework =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/;

const isStorefrontRoute = (id: string) =>
  id.startsWith(path.join(appDir, "routes/store/")) || id.startsWith(path.join(appDir, "root.tsx"));
/** root and the store layout are on every page: what they import is always in the group. */
const isSharedRoute = (file: string) =>
  file === path.join(appDir, "root.tsx") || file === path.join(appDir, "routes/store/layout.tsx");
const isRouteModule = (id: string) =>
  id.startsWith(path.join(appDir, "routes/")) ||
  id.startsWith(path.join(appDir, "root.tsx")) ||
  id.includes("entry.client");

export function storefrontChunks(): Plugin {
  const storefront = new Set<string>();
  return {
    name: "storefront-chunks",
    applyToEnvironment: (environment) => environment.name === "client",
    // Filled after the module graph is complete; rolldown asks `test` only when it makes chunks.
    buildEnd() {
      storefront.clear();
      // How many storefront routes reach each module: code only one route uses stays in that
      // route's own chunk (e.g. the /products search and pagination), so other pages skip it.
      const routesReaching = new Map<string, Set<string>>();
      for (const route of [...this.getModuleIds()].filter(isStorefrontRoute)) {
        // A route file appears more than once (React Router's `?…` client variants): count files.
        const file = route.split("?")[0]!;
        const pending = [route];
        const seen = new Set<string>();
        for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
          // Packages are entered through barrels (lucide-react, radix-ui) that import everything;
          // the group takes the package modules our code really uses as its dependencies.
          if (seen.has(id) || id.includes("/node_modules/")) continue;
          seen.add(id);
          pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        for (const id of seen) routesReaching.set(id, (routesReaching.get(id) ?? new Set()).add(file));
      }
      for (const [id, routes] of routesReaching) {
        // Stylesheets stay with root, where React Router looks for them.
        const bundled = !id.startsWith("\0") && !/\.css($|\?)/.test(id);
        const shared = routes.size > 1 || [...routes].some(isSharedRoute);
        if (shared && bundled && !isRouteModule(id) && !framework.test(id)) storefront.add(id);
      }
    },
    configEnvironment(name) {
      if (name !== "client") return;
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: "framework", test: framework, priority: 2 },
                  { name: "storefront", test: (id: string) => storefront.has(id), priority: 1 },
                ],
              },
            },
          },
        },
      };
    },
  };
}
