import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

const trees = new WeakMap<ServerBuild, RouteObject[]>();

/** React Router's flat route manifest as the nested route objects matchRoutes takes. */
function routeTree(build: ServerBuild): RouteObject[] {
  let tree = trees.get(build);
  if (tree) return tree;
  type ManifestRoute = NonNullable<ServerBuild["routes"][string]>;
  const byParent = new Map<string | undefined, ManifestRoute[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    byParent.set(route.parentId, [...(byParent.get(route.parentId) ?? []), route]);
  }
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((r) =>
      r.index
        ? { id: r.id, index: true, path: r.path }
        : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, children: childrenOf(r.id) },
    );
  tree = childrenOf(undefined);
  trees.set(build, tree);
  return tree;
}

// matchRoutes flattens and ranks the whole route table on every call (~9% of a checkout's server
// CPU when it ran per request): the pattern of a path is remembered. Paths carry ids, so the
// memory is bounded: when full it starts again (a miss costs what every request cost before).
const MAX_REMEMBERED = 5_000;
const remembered = new WeakMap<ServerBuild, Map<string, string>>();

/**
 * The route pattern a page or data request matched ("/products/:slug", "/*" for the not-found
 * page): the metrics label, so a label never holds a user's path and their number stays bounded.
 */
export function routePattern(build: ServerBuild, pathname: string): string {
  let patterns = remembered.get(build);
  if (!patterns) {
    patterns = new Map();
    remembered.set(build, patterns);
  }
  const known = patterns.get(pathname);
  if (known !== undefined) return known;
  if (patterns.size >= MAX_REMEMBERED) patterns.clear();
  const pattern = matchPattern(build, pathname);
  patterns.set(pathname, pattern);
  return pattern;
}

function matchPattern(build: ServerBuild, pathname: string): string {
  // Single-fetch data requests (/products.data, /_root.data) belong to their page.
  const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
  const matches = matchRoutes(routeTree(build), page) ?? [];
  const parts = matches.map((m) => m.route.path?.replace(/^\/|\/$/g, "")).filter(Boolean);
  return `/${parts.join("/")}`;
}
