/**
 * Source entry, run with tsx: `npm run dev` (Vite middleware, hot reload). In production the
 * server runs from its bundle (`build/server/index.js`, entry `server/process/production.ts`, built by
 * `npm run build`); started here with NODE_ENV=production, this file hands over to that bundle.
 */
import { createServer, type Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { createHttpApp } from "../http/app.ts";
import { projectRoot } from "../project-root.ts";
import type { Services } from "../services.ts";
import { runOrExit, startShop } from "./start.ts";

async function devServer(services: Services): Promise<Server> {
  const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
  const app = createHttpApp({
    services,
    mode: "development",
    loadBuild: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
  });
  const listener = getRequestListener(app.fetch);
  return createServer((req, res) => vite.middlewares(req, res, () => listener(req, res)));
}

if (process.env.NODE_ENV === "development") runOrExit(() => startShop(devServer));
else
  runOrExit(async () => {
    const bundle = await import(pathToFileURL(path.join(projectRoot, "build/server/index.js")).href);
    await bundle.startProductionServer();
  });
