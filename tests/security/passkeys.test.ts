import { describe, expect, it } from "vitest";
import { passkey } from "../../server/db/schema/index.ts";
import { createUser, DEFAULT_USER_PASSWORD } from "../factories/accounts.ts";
import { setupTarget } from "./support.ts";

/**
 * Passkeys over HTTP (docs/accounts.md): a made-up WebAuthn answer signs nobody in, the plugin's
 * own options are closed to what our pages send, and one account cannot remove another's passkey.
 */
const alice = { email: "alice-passkeys@example.com", password: DEFAULT_USER_PASSWORD };
const bob = { email: "bob-passkeys@example.com", password: DEFAULT_USER_PASSWORD };
const bobsPasskey = "bobs-passkey-id";

const target = setupTarget({
  seed: "none",
  prepare: async (db) => {
    await createUser(db, { email: alice.email, name: "Alice" });
    const owner = await createUser(db, { email: bob.email, name: "Bob" });
    await db.insert(passkey).values({
      id: bobsPasskey,
      name: "Bob's phone",
      publicKey: "AQID",
      userId: owner.id,
      credentialID: "bob-credential",
      counter: 0,
      deviceType: "singleDevice",
      backedUp: false,
    });
  },
});

const forgedAnswer = JSON.stringify({
  id: "bob-credential",
  rawId: "bob-credential",
  type: "public-key",
  response: { clientDataJSON: "e30", authenticatorData: "AAAA", signature: "AAAA" },
  clientExtensionResults: {},
});

describe("passkeys over HTTP", () => {
  it("a forged answer for someone's credential signs nobody in, and never a 500", async () => {
    const visitor = target.visitor();
    await visitor.get("/api/auth/passkey/generate-authenticate-options");
    for (const response of [forgedAnswer, "not json", "x".repeat(20_000), "[]"]) {
      const answer = await visitor.postForm("/auth", { intent: "passkey", response, redirectTo: "/account" });
      expect(answer.status, response.slice(0, 20)).toBeGreaterThanOrEqual(400);
      expect(answer.status, response.slice(0, 20)).toBeLessThan(500);
      expect(await answer.text()).toContain("This passkey could not sign you in.");
    }
    expect(await (await visitor.get("/api/auth/get-session")).json()).toBeNull();
    const admin = await target
      .visitor()
      .postForm("/admin/login", { intent: "passkey", response: forgedAnswer });
    expect(admin.status).toBe(401);
    expect(admin.headers.get("set-cookie") ?? "").not.toMatch(/session_token=[^;]/);
  });

  it("registration needs a session and never starts a second one", async () => {
    expect((await target.visitor().get("/api/auth/passkey/generate-register-options")).status).toBe(401);
    const signedIn = await target.signedIn(alice);
    const withSession = await signedIn.postJson("/api/auth/passkey/verify-registration", {
      response: { id: "x" },
      createSession: true,
    });
    expect(withSession.status).toBe(400);
    const longName = await signedIn.postJson("/api/auth/passkey/verify-registration", {
      response: { id: "x" },
      name: "n".repeat(61),
    });
    expect(longName.status).toBe(400);
  });

  it("one account cannot remove another's passkey", async () => {
    const signedIn = await target.signedIn(alice);
    const page = await signedIn.postForm("/account/passkeys", { intent: "remove", id: bobsPasskey });
    expect(page.status).toBe(404);
    const api = await signedIn.postJson("/api/auth/passkey/delete-passkey", { id: bobsPasskey });
    expect(api.ok).toBe(false);
    const owner = await target.signedIn(bob);
    const listed = await (await owner.get("/api/auth/passkey/list-user-passkeys")).json();
    expect(listed.map((key: { id: string }) => key.id)).toEqual([bobsPasskey]);
  });
});
