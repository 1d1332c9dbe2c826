import { describe, expect, it } from "vitest";
import { createUser } from "../factories/index.ts";
import { adminEnv, testAdmin } from "../support/e2e-helpers.ts";
import { setupTarget, type Target } from "./support.ts";

/**
 * The demo conveniences never reach a shop's own data: no demo admin when ADMIN_EMAIL is set or the
 * database was not filled by the demo seed, and links on the console only on a demo database.
 * Whether an account exists is read from the console: in demo mode a reset request for an existing
 * account prints its link, for an unknown address nothing.
 */
const demoAdmin = "admin@demo.example.com";

function resetLinkPrinted(target: Target, email: string) {
  return target.app.output().includes(`Password reset link for ${email}:`);
}

async function requestReset(target: Target, email: string) {
  const response = await target
    .visitor()
    .postJson("/api/auth/request-password-reset", { email, redirectTo: "/auth?mode=reset" });
  expect(response.status).toBe(200);
}

describe("a demo database started with ADMIN_EMAIL", () => {
  const target = setupTarget({ env: { ...adminEnv, LOG_LEVEL: "warn" } });

  it("names the configured admin, prints no password and creates no demo admin", async () => {
    const output = target.app.output();
    expect(output).toMatch(new RegExp(`^ {2}admin +\\S+ {2}${testAdmin.email}$`, "m"));
    expect(output).not.toContain(testAdmin.password);
    expect(output).not.toContain(demoAdmin);

    await requestReset(target, testAdmin.email);
    await expect.poll(() => resetLinkPrinted(target, testAdmin.email)).toBe(true);
    // Requests in turn: a link for the demo admin would be printed before the demo customer's.
    await requestReset(target, demoAdmin);
    await requestReset(target, "jordan@demo.example.com");
    await expect.poll(() => resetLinkPrinted(target, "jordan@demo.example.com")).toBe(true);
    expect(resetLinkPrinted(target, demoAdmin)).toBe(false);
  });
});

describe("a shop's own database (the demo seed did not fill it)", () => {
  const owner = "owner@shop.example.com";
  // SEED=none on an empty database stands for a shop's database: the seed never fills one that
  // already has products, so it never gets the demo mark.
  const target = setupTarget({
    seed: "none",
    env: { LOG_LEVEL: "info" },
    prepare: (db) => createUser(db, { email: owner }).then(() => undefined),
  });

  it("gets no demo admin, no demo label and no sign-in links on the console", async () => {
    const output = target.app.output();
    expect(output).not.toContain("(demo data)");
    expect(output).not.toContain(demoAdmin);
    expect(output).not.toMatch(/^ {2}admin/m);

    await requestReset(target, owner);
    const signUp = await target.visitor().postJson("/api/auth/sign-up/email", {
      name: "New Customer",
      email: "new@example.com",
      password: "new-customer-1",
    });
    expect(signUp.status).toBe(200);
    // Both messages went to the outbox; a link would have been printed just before each was queued.
    await expect.poll(() => target.app.output().match(/"msg":"mail queued"/g)?.length ?? 0).toBe(2);
    expect(target.app.output()).not.toMatch(/link for/);
  });
});
