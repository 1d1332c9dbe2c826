import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCreatorPasswordLink } from "../../server/creators/password-links.ts";
import { mediaCopier } from "../../server/migration/legacy/media.ts";
import { placeholderEmailRule } from "../../server/migration/legacy/placeholder-emails.ts";
import { ImportReport } from "../../server/migration/legacy/report.ts";
import { importLegacyShop } from "../../server/migration/legacy/run.ts";
import { openLegacySource } from "../../server/migration/legacy/source.ts";
import { type RunningApp, startApp } from "../support/app.ts";
import { postgresUrl } from "../support/database.ts";
import { signInOverHttp } from "../support/e2e-helpers.ts";
import { createLegacyShop, legacy } from "../support/legacy-shop.ts";

/**
 * The moved-in shop over HTTP (docs/migrating.md): the old shop imported before the start, then
 * its customer signs in with her old password, sees her order history, old links still land, and
 * an imported creator sets a password through the link the import made.
 */
const describeWithServer = postgresUrl ? describe : describe.skip;
if (!postgresUrl)
  console.warn(
    "[skipped] moved-in shop over HTTP: the old shop's fixture needs a PostgreSQL server; set TEST_DATABASE_URL to run it.",
  );

describeWithServer("a shop moved in from the old hosted one", () => {
  let oldShop: Awaited<ReturnType<typeof createLegacyShop>>;
  let app: RunningApp;
  let creatorToken = "";

  beforeAll(async () => {
    oldShop = await createLegacyShop(postgresUrl!, "http://127.0.0.1:9");
    app = await startApp({
      seed: "none",
      prepare: async (db) => {
        const source = openLegacySource(oldShop.url);
        const report = new ImportReport();
        try {
          await importLegacyShop(db, {
            source,
            report,
            dryRun: false,
            replaceDemo: false,
            media: mediaCopier({
              mode: "keep",
              store: { put: () => Promise.reject(new Error("no")) },
              dryRun: false,
              report,
            }),
            isPlaceholderEmail: placeholderEmailRule([legacy.placeholderEmail]),
            sendCreatorLink: async (tx, creator) => {
              creatorToken = await createCreatorPasswordLink(tx, creator.id);
            },
          });
        } finally {
          await source.close();
        }
      },
    });
  }, 180_000);
  afterAll(async () => {
    await app?.destroy();
    await oldShop?.destroy();
  });

  const get = (path: string, cookie = "") =>
    fetch(`${app.url}${path}`, { headers: { cookie }, redirect: "manual" });

  it("an imported customer signs in with her old password and sees her order history", async () => {
    await expect(
      signInOverHttp(app.url, { email: legacy.customer.email, password: "a-wrong-password" }),
    ).rejects.toThrow(/401/);
    const cookie = await signInOverHttp(app.url, legacy.customer);
    const orders = await get("/orders", cookie);
    expect(orders.status).toBe(200);
    const html = await orders.text();
    expect(html).toContain("$101.48");
    expect(html).toContain("$19.50");
    // Signed in again with the same password, now checked against our own hash.
    await signInOverHttp(app.url, legacy.customer);
  });

  it("keeps old links: /product/{slug}, /products/{slug}, the old id, /blog/{slug}", async () => {
    expect((await get(`/product/${legacy.resin.slug}`)).status).toBe(200);
    expect((await get(`/products/${legacy.resin.slug}`)).status).toBe(200);
    const byId = await get(`/products/${legacy.resin.id}`);
    expect(byId.status).toBe(302);
    expect(byId.headers.get("location")).toBe(`/products/${legacy.resin.slug}`);
    const post = await get(`/blog/${legacy.post.slug}`);
    expect(post.status).toBe(200);
    expect(await post.text()).toContain("Why shilajit");
  });

  it("an imported creator sets a password through the link, once, then signs in", async () => {
    const page = await get(`/creator/set-password?token=${creatorToken}`);
    expect(await page.text()).toContain(legacy.creator.username);
    const form = (password: string, confirm = password) =>
      fetch(`${app.url}/creator/set-password?token=${creatorToken}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
        body: new URLSearchParams({ token: creatorToken, password, confirm }),
        redirect: "manual",
      });
    expect((await form("trail-new-pass", "different")).status).toBe(400);
    const set = await form("trail-new-pass");
    expect(set.status).toBe(302);
    expect((await form("another-pass")).status).toBe(410);
    const signIn = await fetch(`${app.url}/creator`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
      body: new URLSearchParams({ username: legacy.creator.username, password: "trail-new-pass" }),
      redirect: "manual",
    });
    expect(signIn.status).toBe(302);
    expect(signIn.headers.get("set-cookie")).toContain("creator_session=");
  });
});
