import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  firstLoadFor,
  gzipBytes,
  readBuildManifest,
  STOREFRONT_JS_BUDGET_KB,
  storefrontPages,
} from "../../scripts/first-load-js.ts";
import { type RunningApp, startApp } from "../support/app.ts";

const clientDir = path.resolve(import.meta.dirname, "../../build/client");

// Text that only survives minification in code that must not load with a storefront page.
const onDemandMarkers = {
  "sonner (loaded with the first toast)": "data-sonner-toaster",
  "Radix Dialog (cart drawer, mobile menu)": "DialogContent",
  "Radix Menu (account dropdown)": "MenuContent",
};

// Server-only libraries (zod validates on the server only): in no browser chunk at all, admin included.
const serverOnlyMarkers = ["$ZodError", "drizzle:entityKind", "better-auth", "nodemailer"];

/** What a shopper's first visit downloads: measured on the build, checked against the real HTML. */
describe("storefront first-load JavaScript", () => {
  const manifest = readBuildManifest(clientDir);
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp({ database: "pglite" });
  });
  afterAll(async () => {
    await app?.destroy();
  });

  it("is exactly what the server-rendered HTML modulepreloads", async () => {
    for (const page of storefrontPages) {
      const response = await fetch(app.url + page, { redirect: "manual" });
      if (response.status !== 200) continue; // /checkout sends an empty cart back to /products
      const html = await response.text();
      const preloaded = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]);
      expect(preloaded.sort(), page).toEqual(firstLoadFor(manifest, page).scripts.sort());
    }
  });

  it(`stays within ${STOREFRONT_JS_BUDGET_KB} KB gzip on every storefront page`, () => {
    for (const page of storefrontPages) {
      const bytes = firstLoadFor(manifest, page).scripts.reduce(
        (sum, url) => sum + gzipBytes(clientDir, url),
        0,
      );
      expect(bytes / 1024, page).toBeLessThanOrEqual(STOREFRONT_JS_BUDGET_KB);
    }
  });

  it("never loads admin routes or the code that is fetched on demand, and no chunk holds server-only code", () => {
    // Each marker is in the build somewhere, so a renamed string cannot make this pass silently.
    const everything = readdirSync(path.join(clientDir, "assets"))
      .filter((name) => name.endsWith(".js"))
      .map((name) => readFileSync(path.join(clientDir, "assets", name), "utf8"))
      .join("\n");
    for (const marker of Object.values(onDemandMarkers)) expect(everything).toContain(marker);
    for (const marker of serverOnlyMarkers) expect(everything).not.toContain(marker);

    const adminModules = new Set(
      Object.values(manifest.routes)
        .filter((route) => route.id.startsWith("routes/admin/"))
        .map((route) => route.module),
    );
    for (const page of storefrontPages) {
      const scripts = firstLoadFor(manifest, page).scripts;
      expect(
        scripts.filter((url) => adminModules.has(url)),
        page,
      ).toEqual([]);
      const source = scripts.map((url) => readFileSync(path.join(clientDir, url), "utf8")).join("\n");
      for (const [what, marker] of Object.entries(onDemandMarkers)) {
        expect(source.includes(marker), `${page} loads ${what}`).toBe(false);
      }
    }
  });
});
