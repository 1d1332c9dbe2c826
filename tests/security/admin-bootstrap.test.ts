import { describe, expect, it } from "vitest";
import { restartApp } from "../support/app.ts";
import { setupTarget } from "./support.ts";

const target = setupTarget();

const ownerEmail = "owner@peak-shop.example";
const ownerPassword = "the-owners-own-password";
const attackerPassword = "attacker-chose-this-1";

describe("admin bootstrap (ADMIN_EMAIL)", () => {
  it("does not hand /admin to whoever signed the admin address up first", async () => {
    // Before the owner configures the shop, an attacker signs the future admin address up.
    const attacker = target.visitor();
    const signUp = await attacker.postJson("/api/auth/sign-up/email", {
      name: "Not The Owner",
      email: ownerEmail,
      password: attackerPassword,
    });
    expect(signUp.status).toBe(200);

    // The owner (re)starts the shop with that address as the admin.
    await target.app.stop();
    target.app = await restartApp(target.app, { ADMIN_EMAIL: ownerEmail, ADMIN_PASSWORD: ownerPassword });

    const withAttackerPassword = await target
      .visitor()
      .postForm("/admin/login", { email: ownerEmail, password: attackerPassword });
    expect(withAttackerPassword.status).toBe(401);
    expect(withAttackerPassword.headers.getSetCookie().join()).not.toContain("session_token=");
    const viaApi = await target
      .visitor()
      .postJson("/api/auth/sign-in/email", { email: ownerEmail, password: attackerPassword });
    expect(viaApi.status).toBe(401);

    const owner = target.visitor();
    const signedIn = await owner.postForm("/admin/login", { email: ownerEmail, password: ownerPassword });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/admin");
    expect((await owner.get("/admin/dashboard")).status).toBe(200);
    expect(target.app.output()).toContain("existing account promoted to admin");
  });
});
