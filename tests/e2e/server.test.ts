import path from "node:path";
import { inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/client.ts";
import { user } from "../../server/db/schema/index.ts";
import { type RunningApp, restartApp, startApp } from "../support/app.ts";

/** The process around the shop: health, caching, uploads, graceful shutdown and restarts. */
describe("server lifecycle", () => {
  const apps: RunningApp[] = [];
  afterAll(async () => {
    for (const app of apps.reverse()) await app.destroy();
  });

  it("serves health, readiness, cached assets and uploads, then shuts down gracefully under load", async () => {
    // The embedded database is the default product path: its clean close on SIGTERM matters most.
    const app = await startApp({ database: "pglite", env: { LOG_LEVEL: "info" } });
    apps.push(app);
    expect(await (await fetch(`${app.url}/healthz`)).json()).toEqual({ status: "ok" });
    expect((await fetch(`${app.url}/readyz`)).status).toBe(200);

    const home = await fetch(`${app.url}/`, { headers: { "accept-encoding": "gzip" } });
    expect(home.status).toBe(200);
    expect(home.headers.get("content-encoding")).toBe("gzip");
    // Anonymous: a CDN may keep it, revalidating every time (tests/e2e/http-caching.test.ts).
    expect(home.headers.get("cache-control")).toBe("public, no-cache");
    expect(home.headers.get("x-request-id")).toBeTruthy();
    const assetPath = (await home.text()).match(/\/assets\/[\w.-]+\.js/)?.[0];
    expect(assetPath).toBeTruthy();
    const asset = await fetch(`${app.url}${assetPath}`);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");

    const upload = await fetch(`${app.url}/uploads/certificate-1.webp`);
    expect(upload.status).toBe(200);
    expect(upload.headers.get("content-type")).toBe("image/webp");
    expect((await fetch(`${app.url}/uploads/../package.json`)).status).toBe(404);

    // Writes acknowledged before or during SIGTERM are all on disk after the clean shutdown.
    const signUps = Array.from({ length: 30 }, (_, i) => signUp(app.url, `load-${i}@example.com`));
    await Promise.race(signUps);
    const exitCode = await app.stop("SIGTERM");
    const outcomes = await Promise.all(signUps);
    expect(exitCode).toBe(0);
    expect(app.output()).toContain('"msg":"stopped"');
    // Nothing half-done: each request either completed or was refused before it was accepted.
    expect(outcomes.every((o) => o.status === 200 || o.status === 429 || o.status === "refused")).toBe(true);
    const acknowledged = outcomes.filter((o) => o.status === 200).map((o) => o.email);
    expect(acknowledged.length).toBeGreaterThan(0);
    const database = await openDatabase({ dataDir: path.join(app.dataDir, "db") });
    const stored = await database.db
      .select({ email: user.email })
      .from(user)
      .where(inArray(user.email, acknowledged));
    await database.close();
    expect(stored.map((u) => u.email).sort()).toEqual([...acknowledged].sort());
  });

  // How fast is measured by scripts/bench-start.mjs (docs/performance.md), not timed here.
  it("restarts on the same data without seeding again", async () => {
    const first = apps[0]!;
    expect(first.output()).toContain("demo data seeded");
    const second = await restartApp(first, { LOG_LEVEL: "info" });
    apps.push(second);
    expect(second.output()).not.toContain("demo data seeded");
    expect((await fetch(`${second.url}/readyz`)).status).toBe(200);
  });

  it("refuses to start on a bad configuration value, naming the variable", async () => {
    await expect(startApp({ env: { PORT: "not-a-port" } })).rejects.toThrow(/Configuration error: PORT:/);
  });
});

async function signUp(url: string, email: string): Promise<{ email: string; status: number | "refused" }> {
  try {
    const response = await fetch(`${url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: url },
      body: JSON.stringify({ email, password: "a-long-password", name: "Load Test" }),
    });
    await response.arrayBuffer();
    return { email, status: response.status };
  } catch {
    return { email, status: "refused" };
  }
}
