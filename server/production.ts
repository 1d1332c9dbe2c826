/**
 * Production entry: `npm run build` bundles this file with every route, server/ and React Router's
 * production build into `build/server/index.js`, which `npm start` runs with plain node (no
 * TypeScript loader, one copy of React Router). See docs/decisions/012-production-start.md.
 */
import { createServer } from "node:http";
import path from "node:path";
import * as build from "virtual:react-router/server-build";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { createHttpApp } from "./http.ts";
import { projectRoot } from "./project-root.ts";
import { runOrExit, startShop } from "./start.ts";

runOrExit(() =>
  startShop((services) => {
    const app = createHttpApp({
      services,
      mode: "production",
      clientDir: path.join(projectRoot, "build/client"),
      loadBuild: async () => build as ServerBuild,
    });
    return createServer(getRequestListener(app.fetch));
  }),
);
