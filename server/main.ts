/**
 * Process entry: `npm start` (production build) and `npm run dev` (Vite middleware, hot reload).
 * Builds the services, prepares the database, serves HTTP and shuts down gracefully.
 */
import type { Server } from "node:http";
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { startBackgroundJobs } from "./background.ts";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import { createHttpApp } from "./http.ts";
import { createServices, type Services } from "./services.ts";
import { prepareDatabase } from "./startup.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

async function main() {
  const config = readConfigOrExit();
  const services = await createServices(config);
  await prepareDatabase(services);
  const stopBackgroundJobs = startBackgroundJobs(services);
  const server = config.env === "development" ? await devServer(services) : prodServer(services);
  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    services.log.info(
      { port, database: services.database.kind },
      `shop listening on http://localhost:${port}`,
    );
  });
  handleShutdown(server, services, stopBackgroundJobs);
}

function readConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

function prodServer(services: Services): Server {
  const buildFile = path.join(root, "build/server/index.js");
  const app = createHttpApp({
    services,
    mode: "production",
    clientDir: path.join(root, "build/client"),
    loadBuild: () => import(pathToFileURL(buildFile).href) as Promise<ServerBuild>,
  });
  return createServer(getRequestListener(app.fetch));
}

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

/** SIGTERM/SIGINT: stop accepting, let in-flight requests finish, then close the database cleanly. */
function handleShutdown(server: Server, services: Services, stopBackgroundJobs: () => Promise<void>) {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    services.log.info({ signal }, "shutting down");
    const force = setTimeout(() => server.closeAllConnections(), services.config.shutdownTimeoutMs);
    force.unref();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    await stopBackgroundJobs();
    await services.database.close();
    services.log.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
