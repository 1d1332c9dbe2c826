import { describe, expect, it } from "vitest";
import { setupTarget, type Visitor } from "./support.ts";

/**
 * GET /api/auth/verify-email now signs the customer in (autoSignInAfterVerification). Attacked:
 * a forged or oversized token, a link used again, the same link twice at once. Links come from the
 * console, where a demo shop without SMTP prints them.
 */
const target = setupTarget({ env: { LOG_LEVEL: "warn" } });

async function signUp(email: string) {
  const response = await target
    .visitor()
    .postJson("/api/auth/sign-up/email", { name: "Link Tester", email, password: "link-tester-1" });
  expect(response.status).toBe(200);
  const line = new RegExp(`^Verification link for ${email.replace(/[.]/g, "\\.")}: (\\S+)$`, "m");
  await expect.poll(() => line.test(target.app.output()), { timeout: 10_000 }).toBe(true);
  const link = new URL(target.app.output().match(line)![1]!);
  return `${link.pathname}${link.search}`;
}

/** The signed-in user's email for this visitor's cookies, or null. */
async function signedInAs(visitor: Visitor): Promise<string | null> {
  const response = await visitor.get("/api/auth/get-session");
  const session = (await response.json()) as { user?: { email: string } } | null;
  return session?.user?.email ?? null;
}

describe("verification link", () => {
  it("signs in the account it was made for, once; a second use signs nobody in", async () => {
    const link = await signUp("once@example.com");
    const first = target.visitor();
    const response = await first.get(link);
    expect(response.status).toBe(302);
    expect(await signedInAs(first)).toBe("once@example.com");

    const second = target.visitor();
    const again = await second.get(link);
    expect(again.status).toBe(302);
    expect(await signedInAs(second)).toBeNull();
  });

  it("refuses a forged or altered token without a session and without a 500", async () => {
    const link = await signUp("forged@example.com");
    const token = new URL(link, target.app.url).searchParams.get("token")!;
    const [header, payload, signature] = token.split(".");
    const forged = `${header}.${payload}.${signature!.slice(0, -4)}AAAA`;
    for (const bad of [forged, "not-a-token", "x".repeat(100_000)]) {
      const visitor = target.visitor();
      const response = await visitor.get(
        `/api/auth/verify-email?token=${bad}&callbackURL=%2Fauth%3Fverified%3D1`,
      );
      expect(response.status, bad.slice(0, 20)).toBeLessThan(500);
      expect(await signedInAs(visitor)).toBeNull();
    }
    // The genuine link still works afterwards.
    const owner = target.visitor();
    await owner.get(link);
    expect(await signedInAs(owner)).toBe("forged@example.com");
  });

  it("used twice at once, signs in only the account it names, then nobody", async () => {
    const link = await signUp("twice@example.com");
    const visitors = [target.visitor(), target.visitor()];
    const answers = await Promise.all(visitors.map((v) => v.get(link)));
    expect(answers.map((r) => r.status)).toEqual([302, 302]);
    for (const visitor of visitors) expect([null, "twice@example.com"]).toContain(await signedInAs(visitor));
    const late = target.visitor();
    await late.get(link);
    expect(await signedInAs(late)).toBeNull();
  });
});
