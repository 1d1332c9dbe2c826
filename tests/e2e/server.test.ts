import { afterAll, describe, expect, it } from "vitest";
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
    expect(home.headers.get("cache-control")).toBe("private, no-cache");
    expect(home.headers.get("x-request-id")).toBeTruthy();
    const assetPath = (await home.text()).match(/\/assets\/[\w.-]+\.js/)?.[0];
    expect(assetPath).toBeTruthy();
    const asset = await fetch(`${app.url}${assetPath}`);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");

    const upload = await fetch(`${app.url}/uploads/certificate-1.webp`);
    expect(upload.status).toBe(200);
    expect(upload.headers.get("content-type")).toBe("image/webp");
    expect((await fetch(`${app.url}/uploads/../package.json`)).status).toBe(404);

    // Requests in flight when SIGTERM arrives all complete; the process exits cleanly.
    const inFlight = Array.from({ length: 40 }, () => fetch(`${app.url}/`).then((r) => r.status));
    await new Promise((r) => setTimeout(r, 20));
    const exitCode = await app.stop("SIGTERM");
    const statuses = await Promise.allSettled(inFlight);
    const completed = statuses.filter((s) => s.status === "fulfilled");
    expect(completed.every((s) => s.value === 200)).toBe(true);
    expect(completed.length).toBeGreaterThan(0);
    expect(exitCode).toBe(0);
    expect(app.output()).toContain('"msg":"stopped"');
  });

  it("restarts on the same data quickly, without seeding again", async () => {
    const first = apps[0]!;
    expect(first.output()).toContain("demo data seeded");
    const started = Date.now();
    const second = await restartApp(first, { LOG_LEVEL: "info" });
    apps.push(second);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(second.output()).not.toContain("demo data seeded");
    expect((await fetch(`${second.url}/readyz`)).status).toBe(200);
  });

  it("refuses to start on a bad configuration value, naming the variable", async () => {
    await expect(startApp({ env: { PORT: "not-a-port" } })).rejects.toThrow(/Configuration error: PORT:/);
  });
});
