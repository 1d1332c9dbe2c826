import { describe, expect, it } from "vitest";
import { createCreatorPasswordLink } from "../../server/creators/password-links.ts";
import { createContentCreator } from "../factories/index.ts";
import { setupTarget } from "./support.ts";

/**
 * A content creator invited by the back office (issue 34 part 2) over plain HTTP: the admin creates
 * them without typing a password and, with no SMTP, copies the set-password link the page shows.
 * The link works once, an expired or revoked one is refused, another creator's link sets only
 * that creator's password, and the token never reaches the log.
 */
const owner = { email: "invite-owner@example.com", password: "invite-owner-password-1" };
const expired = { username: "expired-creator", token: "" };

const target = setupTarget({
  seed: "none",
  env: { ADMIN_EMAIL: owner.email, ADMIN_PASSWORD: owner.password, LOG_LEVEL: "info" },
  prepare: async (db) => {
    const creator = await createContentCreator(db, { username: expired.username });
    // Made 15 days ago: a link works for 14.
    expired.token = await createCreatorPasswordLink(db, creator.id, new Date(Date.now() - 15 * 86_400_000));
  },
});

const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const setPassword = (token: string, password: string) =>
  target.visitor().request("POST", "/creator/set-password", form({ token, password, confirm: password }));
const signIn = (username: string, password: string) =>
  target.visitor().request("POST", "/creator", form({ username, password }));

/** The link the admin page shows to copy, with its token. */
function shownLink(html: string) {
  const url = /value="(https?:\/\/[^"]+\/creator\/set-password\?token=([A-Za-z0-9_-]{43}))"/.exec(html);
  expect(url, "the page shows the set-password link").not.toBeNull();
  return { url: url![1]!, token: url![2]! };
}

async function createWithoutPassword(username: string) {
  const admin = await target.signedIn(owner);
  const fields = { intent: "save", username, password: "", fullName: "", email: "", commissionRate: "10" };
  const response = await admin.request("POST", "/admin/content-creators", form(fields));
  expect(response.status).toBe(200);
  return shownLink(await response.text());
}

describe("creator invitations", () => {
  it("creates a creator without a password; the shown link sets it once and the portal sign-in works", async () => {
    const { token } = await createWithoutPassword("invited-creator");
    expect((await setPassword(token, "invited-pass-1")).status).toBe(302);
    expect((await setPassword(token, "attacker-pass-1")).status).toBe(410);
    expect((await signIn("invited-creator", "invited-pass-1")).status).toBe(302);
    expect((await signIn("invited-creator", "attacker-pass-1")).status).toBe(401);
    expect(target.app.output()).not.toContain(token);
  });

  it("refuses an expired link and a revoked one", async () => {
    expect((await setPassword(expired.token, "late-pass-1")).status).toBe(410);
    expect((await signIn(expired.username, "late-pass-1")).status).toBe(401);

    const { token } = await createWithoutPassword("revoked-creator");
    const admin = await target.signedIn(owner);
    const list = await (await admin.get("/admin/content-creators")).text();
    const button = /value="([0-9a-f-]{36})"\/><button[^>]*aria-label="Revoke link of revoked-creator"/;
    const id = button.exec(list)?.[1];
    expect(id).toBeDefined();
    const revoke = await admin.request(
      "POST",
      "/admin/content-creators",
      form({ intent: "revoke-link", id: id! }),
    );
    expect(revoke.status).toBe(200);
    expect((await setPassword(token, "revoked-pass-1")).status).toBe(410);
    expect((await signIn("revoked-creator", "revoked-pass-1")).status).toBe(401);
  });

  it("another creator's link sets only that creator's password", async () => {
    const mine = await createWithoutPassword("first-invited");
    const theirs = await createWithoutPassword("second-invited");
    expect((await setPassword(theirs.token, "second-pass-1")).status).toBe(302);
    expect((await signIn("first-invited", "second-pass-1")).status).toBe(401);
    expect((await signIn("second-invited", "second-pass-1")).status).toBe(302);
    // The first creator's own link is untouched by the other's use.
    expect((await setPassword(mine.token, "first-pass-1")).status).toBe(302);
    expect((await signIn("first-invited", "first-pass-1")).status).toBe(302);
  });
});
