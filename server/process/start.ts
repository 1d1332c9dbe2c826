/**
 * What every start does, in development and production alike: read the configuration, build the
 * services, prepare the database, serve HTTP and shut down gracefully on SIGTERM/SIGINT.
 */
import type { Server } from "node:http";
import { startBackgroundJobs } from "../background.ts";
import { type Config, ConfigError, loadConfig } from "../config.ts";
import { DataFolderError } from "../db/pglite-folder.ts";
import { oneInstanceAtATime } from "../db/startup-locks.ts";
import { loadEnvFile } from "../env-file.ts";
import { checkStripeAtStart } from "../payments/stripe/endpoint-status.ts";
import { createServices, type Services } from "../services.ts";
import { printToConsole, startBanner } from "./start-banner.ts";
import { prepareDatabase } from "./startup.ts";

/** Makes the HTTP server for the mode (the built bundle, or Vite's middleware in dev). */
export type ServerFactory = (services: Services) => Server | Promise<Server>;

export async function startShop(makeServer: ServerFactory) {
  loadEnvFile();
  const config = readConfigOrExit();
  const services = await createServices(config);
  const databaseStart = await oneInstanceAtATime(config.databaseUrl, () => prepareDatabase(services));
  const server = await makeServer(services);
  let stopBackgroundJobs = async () => {};
  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    services.log.info(
      { port, database: services.database.kind, demo: databaseStart.demo },
      `shop listening on http://localhost:${port}`,
    );
    // The banner is one block after the start-up log lines (flushed first); the background jobs,
    // which log as they run, start only after it, so nothing lands between its lines.
    services.log.flush();
    printToConsole(config.logLevel, startBanner(config, port, databaseStart));
    // Logged, never awaited: a slow or unreachable Stripe does not hold the start.
    void checkStripeAtStart(services);
    stopBackgroundJobs = startBackgroundJobs(services);
  });
  handleShutdown(server, services, () => stopBackgroundJobs());
}

/** Runs `start` and ends the process with the error when it fails. */
export function runOrExit(start: () => Promise<void>) {
  start().catch((error) => {
    // A problem the owner can fix (e.g. an unwritable DATA_DIR) is one clear line, no stack trace.
    console.error(error instanceof DataFolderError ? `Cannot start: ${error.message}` : error);
    process.exit(1);
  });
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
