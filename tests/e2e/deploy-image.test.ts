import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { builtinModules } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "../../server/db/client.ts";
import { freePort } from "../support/built-server.ts";
import { postgresUrl, withDatabase } from "../support/database.ts";
import { parseDockerfile, type Stage } from "../support/dockerfile.ts";

/**
 * No container runtime runs on the test machines, so the image is replayed as plain processes:
 * its runtime stage's files are copied into a folder laid out as /app, and its exact CMD and
 * HEALTHCHECK commands run there with its ENV. On PostgreSQL two instances start at once, as
 * deploy/compose.yaml starts them.
 */
const root = path.resolve(import.meta.dirname, "../..");
const stages = parseDockerfile(readFileSync(path.join(root, "Dockerfile"), "utf8"));
const runtime = stages.at(-1)!;
const committedMigrations = JSON.parse(
  readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"),
).entries.length as number;

describe("the container image", { timeout: 240_000 }, () => {
  let appDir: string;
  let dataDir: string;

  beforeAll(() => {
    const dir = mkdtempSync(path.join(tmpdir(), "shop-image-"));
    appDir = path.join(dir, "app");
    dataDir = path.join(dir, "data");
    layOutRuntimeStage(runtime, appDir);
  });
  afterAll(() => rmSync(path.dirname(appDir), { recursive: true, force: true }));

  it("is built in stages and runs as a non-root user, checked by its healthcheck", () => {
    expect(stages.length).toBeGreaterThanOrEqual(3);
    expect(runtime.user).toBe("node");
    expect(runtime.healthcheck).toEqual(["node", "scripts/healthcheck.mjs"]);
    expect(readFileSync(path.join(root, "scripts/healthcheck.mjs"), "utf8")).toContain("/readyz");
    expect(runtime.env.NODE_ENV).toBe("production");
  });

  it("keeps every package the server bundle imports after `npm prune --omit=dev`", () => {
    const bundle = readFileSync(path.join(root, "build/server/index.js"), "utf8");
    const statements = bundle.matchAll(/^\s*(?:import|export)\s[^;]*?from\s*["']([^"']+)["']/gm);
    const dynamic = bundle.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g);
    const bare = [...statements, ...dynamic].map((m) => m[1]!).filter((s) => !/^[./]/.test(s));
    const packages = new Set(
      bare.map((s) =>
        s
          .split("/")
          .slice(0, s.startsWith("@") ? 2 : 1)
          .join("/"),
      ),
    );
    // In the lockfile, packages needed only for development are marked dev: prune removes them.
    const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8")).packages;
    const kept = (name: string) => lock[`node_modules/${name}`] && !lock[`node_modules/${name}`].dev;
    const missing = [...packages].filter(
      (p) => !p.startsWith("node:") && !builtinModules.includes(p) && !kept(p),
    );
    expect(packages.size).toBeGreaterThan(5);
    expect(missing).toEqual([]);
  });

  it("starts with its CMD, turns healthy, serves the shop and stops cleanly on SIGTERM", async () => {
    const port = await freePort();
    expect(await healthcheck(port)).toBe(1); // nothing listens yet: unhealthy, not hanging

    const database = postgresUrl ? await freshPostgresDatabase() : undefined;
    const ports = database ? [port, await freePort()] : [port];
    const instances = ports.map((p) => startCmd(p, database?.url)); // at the same moment
    try {
      for (const p of ports) await waitUntilHealthy(p, instances);
      for (const p of ports) {
        const home = await fetch(`http://127.0.0.1:${p}/`);
        expect(home.status).toBe(200);
        expect(await home.text()).toContain("Shilajit");
      }
      if (database) {
        expect(await database.count("select count(*)::int as n from drizzle.__drizzle_migrations")).toBe(
          committedMigrations,
        );
        // Both were given ADMIN_EMAIL: the account was made once, by whichever prepared first.
        expect(await database.count("select count(*)::int as n from \"user\" where role = 'admin'")).toBe(1);
      }
    } finally {
      for (const instance of instances) instance.child.kill("SIGTERM");
    }
    for (const instance of instances) expect(await instance.exited, instance.output()).toBe(0);
    expect(await healthcheck(port)).toBe(1);
    await database?.drop();
  });

  it.skipIf(postgresUrl)(
    "backs up its embedded database with the image's own tools, once the shop is stopped",
    () => {
      const file = path.join(dataDir, "backups", "nightly.sql.gz");
      const backup = spawnSync(process.execPath, ["--import", "tsx", "scripts/db-backup.ts", file], {
        cwd: appDir,
        env: { ...process.env, ...runtime.env, DATA_DIR: dataDir, DATABASE_URL: "" },
        encoding: "utf8",
      });
      expect(backup.stdout + backup.stderr).toMatch(/Backed up .* orders\)/);
      expect(backup.status).toBe(0);
    },
  );

  function startCmd(port: number, databaseUrl?: string) {
    const [command, ...args] = runtime.cmd!;
    const child = spawn(command === "node" ? process.execPath : command!, args, {
      cwd: appDir,
      env: {
        ...process.env,
        ...runtime.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl ?? "",
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        AUTH_SECRET: "a-shared-secret-for-both-instances-0123456789",
        ADMIN_EMAIL: "owner@example.com",
        ADMIN_PASSWORD: "owner-password-1",
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout?.on("data", (d) => (output += d));
    child.stderr?.on("data", (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    return { child, exited, output: () => output };
  }

  function healthcheck(port: number): Promise<number | null> {
    const [command, ...args] = runtime.healthcheck!;
    const child = spawn(command === "node" ? process.execPath : command!, args, {
      cwd: appDir,
      env: { ...process.env, ...runtime.env, PORT: String(port) },
      stdio: "ignore",
    });
    return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
  }

  async function waitUntilHealthy(port: number, instances: { child: ChildProcess; output: () => string }[]) {
    const deadline = Date.now() + 180_000;
    while ((await healthcheck(port)) !== 0) {
      const dead = instances.find((i) => i.child.exitCode !== null);
      if (dead) throw new Error(`an instance exited before it was healthy:\n${dead.output()}`);
      if (Date.now() > deadline) throw new Error("not healthy after 180 s");
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
});

/** Copies what the runtime stage copies from the build stage; node_modules is linked (too big to copy). */
function layOutRuntimeStage(stage: Stage, appDir: string) {
  mkdirSync(appDir, { recursive: true });
  for (const copy of stage.copies) {
    expect(copy.from).toBe("build");
    for (const source of copy.sources) {
      const relative = path.posix.relative("/app", source);
      const target = copy.dest.endsWith("/")
        ? path.join(appDir, copy.dest, path.basename(relative))
        : path.join(appDir, copy.dest);
      if (relative === "node_modules") symlinkSync(path.join(root, relative), target);
      else cpSync(path.join(root, relative), target, { recursive: true });
    }
  }
}

async function freshPostgresDatabase() {
  const name = `shop_image_${process.pid}`;
  const admin = postgres(postgresUrl!, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = withDatabase(postgresUrl!, name);
  return {
    url,
    count: async (query: string) => {
      const sql = postgres(url, { max: 1, onnotice: () => {} });
      const [row] = await sql.unsafe(query);
      await sql.end();
      return row?.n as number;
    },
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
