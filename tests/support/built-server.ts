import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";

/**
 * The one way tests and benchmarks start the built shop (`build/server/index.js`, as `npm start`
 * runs it after its build): production mode on a free local port, waiting for /readyz.
 */
export type BuiltServerOptions = {
  dataDir: string;
  /** PostgreSQL URL; empty or absent for the embedded database in dataDir. */
  databaseUrl?: string;
  /** Extra environment for the server (SEED, ADMIN_EMAIL, fakes' URLs…); wins over the defaults. */
  env?: Record<string, string>;
  /** Extra node flags, e.g. --cpu-prof. */
  nodeFlags?: string[];
  logLevel?: string;
  /** "pipe" collects the server's output for `output()`; "inherit" prints it (benchmarks). */
  stdio?: "pipe" | "inherit";
  /**
   * The host name in the shop's URL (PUBLIC_URL), default 127.0.0.1. Passkey tests use
   * "localhost": WebAuthn refuses an IP address as the site's identity.
   */
  publicHost?: string;
};

export type BuiltServer = {
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** What the server printed so far (empty with stdio "inherit"). */
  output(): string;
  /** Sends the signal (unless it has exited) and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

const root = path.resolve(import.meta.dirname, "../..");

export async function startBuiltServer(options: BuiltServerOptions): Promise<BuiltServer> {
  // The port is free when picked but may be taken before the server binds it (other processes
  // on the machine pick ports too): then the start is tried again on another one.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnFreePort(options);
    } catch (error) {
      if (attempt === 3 || !(error instanceof PortTakenError)) throw error;
    }
  }
}

class PortTakenError extends Error {}

async function startOnFreePort(options: BuiltServerOptions): Promise<BuiltServer> {
  const port = await freePort();
  const url = `http://${options.publicHost ?? "127.0.0.1"}:${port}`;
  let output = "";
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), "build/server/index.js"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? "",
      LOG_LEVEL: options.logLevel ?? "warn",
      ...options.env,
    },
    stdio: ["ignore", options.stdio ?? "pipe", options.stdio ?? "pipe"],
  });
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  await waitUntilReady(`http://127.0.0.1:${port}`, exited, () => output).catch((error: Error) => {
    child.kill("SIGKILL"); // never leave a server behind that did not get ready
    throw /EADDRINUSE/.test(output) ? new PortTakenError(error.message) : error;
  });
  return {
    url,
    child,
    exited,
    output: () => output,
    stop: async (signal: NodeJS.Signals = "SIGTERM") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Polls /readyz until the app answers; fails at once when the process exits first. */
export async function waitUntilReady(url: string, exited: Promise<number | null>, output: () => string) {
  let stopped = false;
  void exited.then(() => (stopped = true));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (stopped) throw new Error(`app exited before it was ready:\n${output()}`);
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`app not ready after 90 s:\n${output()}`);
}

/** A local TCP port that was free a moment ago (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}
