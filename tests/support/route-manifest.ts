import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";

/** One route as the built app's browser manifest describes it. */
export type BuiltRoute = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  hasLoader: boolean;
  hasAction: boolean;
  /** The module renders a page (a resource route has none). */
  hasDefaultExport: boolean;
};

const assetsDir = path.resolve("build/client/assets");
const prefix = "window.__reactRouterManifest=";

/**
 * The routes of the last build, from the manifest React Router writes for the browser
 * (build/client/assets/manifest-*.js). The server bundle is the whole server and exports no
 * route table, so this is where the built route list can be read without starting anything.
 */
export async function builtRoutes(): Promise<Record<string, BuiltRoute>> {
  const names = (await readdir(assetsDir)).filter((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (names.length === 0) throw new Error(`no route manifest in ${assetsDir}: build the app first`);
  const times = await Promise.all(
    names.map(async (name) => (await stat(path.join(assetsDir, name))).mtimeMs),
  );
  const newest = names[times.indexOf(Math.max(...times))]!;
  const source = (await readFile(path.join(assetsDir, newest), "utf8")).trim();
  if (!source.startsWith(prefix)) throw new Error(`unexpected route manifest format in ${newest}`);
  const manifest = JSON.parse(source.slice(prefix.length).replace(/;$/, "")) as {
    routes: Record<string, BuiltRoute>;
  };
  return manifest.routes;
}
