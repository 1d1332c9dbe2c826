import { expect, it } from "vitest";
import { createCreatorPasswordLink } from "../../server/creators/password-links.ts";
import { createContentCreator } from "../factories/index.ts";
import { setupTarget } from "./support.ts";

/**
 * Set-password links (/creator/set-password) attacked over HTTP: a guessed or malformed token, a
 * token moved into the form of another, a link used twice (two posts at once), and what the page
 * tells a stranger.
 */
const creator = { username: "linked-creator", password: "linked-password-1" };
const links: { mine: string; other: string } = { mine: "", other: "" };

const target = setupTarget({
  seed: "none",
  prepare: async (db) => {
    const a = await createContentCreator(db, creator);
    const b = await createContentCreator(db, { username: "other-creator", password: "other-password-1" });
    links.mine = await createCreatorPasswordLink(db, a.id);
    links.other = await createCreatorPasswordLink(db, b.id);
  },
});

const post = (token: string, password: string) =>
  target
    .visitor()
    .request("POST", "/creator/set-password", new URLSearchParams({ token, password, confirm: password }), {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });

it("a guessed, malformed or huge token sets nothing and tells nothing", async () => {
  for (const token of ["A".repeat(43), "x'; drop table users;--", "%00", "B".repeat(5000)]) {
    const response = await post(token, "attacker-pass-1");
    expect([400, 410]).toContain(response.status);
  }
  const page = await target
    .visitor()
    .request("GET", `/creator/set-password?token=${"A".repeat(43)}`, undefined);
  const html = await page.text();
  expect(html).toContain("This link has expired or was already used");
  expect(html).not.toContain("linked-creator");
});

it("a link works once, even when posted twice at once, and only for its own creator", async () => {
  const answers = await Promise.all([
    post(links.mine, "first-new-pass"),
    post(links.mine, "second-new-pass"),
  ]);
  expect(answers.map((r) => r.status).sort()).toEqual([302, 410]);
  // The other creator's link still works and set that creator's password, not this one's.
  expect((await post(links.other, "other-new-pass")).status).toBe(302);
  const signIn = (password: string) =>
    target
      .visitor()
      .request("POST", "/creator", new URLSearchParams({ username: creator.username, password }), {
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
  const winner = answers[0]!.status === 302 ? "first-new-pass" : "second-new-pass";
  expect((await signIn(winner)).status).toBe(302);
  expect((await signIn("other-new-pass")).status).toBe(401);
  expect((await signIn(creator.password)).status).toBe(401);
});
