/**
 * Production entry: `npm run build` bundles this file with every route, server/ and React Router's
 * production build into `build/server/index.js`, which `npm start` runs with plain node (no
 * TypeScript loader, one copy of React Router). See docs/decisions/012-production-start.md.
 * The bundle is also the React Router server build (its exports), so tools and tests can read the
 * route manifest from it; importing it starts nothing.
 */

import { realpathSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as build from "virtual:react-router/server-build";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { createHttpApp } from "../http/app.ts";
import { projectRoot } from "../project-root.ts";
import { runOrExit, startShop } from "./start.ts";

export * from "virtual:react-router/server-build";

/** Starts the shop from the bundle: services, database, HTTP server, graceful shutdown. */
export function startProductionServer() {
  return startShop((services) => {
    const app = createHttpApp({
      services,
      mode: "production",
      clientDir: path.join(projectRoot, "build/client"),
      loadBuild: async () => build as ServerBuild,
    });
    return createServer(getRequestListener(app.fetch));
  });
}

// `node build/server/index.js` (npm start) starts it; an import (server/process/main.ts, tests) does not.
if (isEntryPoint()) runOrExit(startProductionServer);

function isEntryPoint() {
  const script = process.argv[1];
  return !!script && realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
}
