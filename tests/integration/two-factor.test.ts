import { eq } from "drizzle-orm";
import pino from "pino";
import { describe, expect, it } from "vitest";
import type { Auth } from "../../server/auth/auth.ts";
import { requireAdmin } from "../../server/auth/guards.ts";
import type { RequestContext } from "../../server/context.ts";
import { user } from "../../server/db/schema/index.ts";
import { readFlashToast } from "../../server/http/flash.ts";
import type { Mailer } from "../../server/mail/mailer.ts";
import { saveStaffSettings } from "../../server/staff/settings.ts";
import { createUser, DEFAULT_USER_PASSWORD, type User } from "../factories/accounts.ts";
import { clientHeaders, cookieHeader, setupAuthDatabase } from "../support/auth.ts";
import type { TestDatabase } from "../support/database.ts";
import { totpCode } from "../support/totp.ts";

let database: TestDatabase;
let auth: Auth;
let mailer: Mailer;

setupAuthDatabase((opened) => ({ database, auth, mailer } = opened));

async function signIn(email: string) {
  const { headers, response } = await auth.api.signInEmail({
    body: { email, password: DEFAULT_USER_PASSWORD },
    headers: clientHeaders(),
    returnHeaders: true,
  });
  return {
    cookie: cookieHeader(headers),
    response: response as { twoFactorRedirect?: boolean; token?: string },
  };
}

/** Turns two-factor on the way the setup page does; returns the secret and backup codes. */
async function enrol(admin: User) {
  const { cookie } = await signIn(admin.email);
  const enabled = await auth.api.enableTwoFactor({
    body: { password: DEFAULT_USER_PASSWORD },
    headers: clientHeaders(undefined, cookie),
  });
  if (enabled.method !== "totp") throw new Error("TOTP expected");
  const secret = new URL(enabled.totpURI).searchParams.get("secret")!;
  // The previous 30 s step's code (still accepted): each code is good once, and the tests sign in
  // with the current one afterwards.
  const code = totpCode(secret, Date.now() - 30_000);
  await auth.api.verifyTOTP({ body: { code }, headers: clientHeaders(undefined, cookie) });
  return { secret, backupCodes: enabled.backupCodes };
}

const isEnabled = async (id: string) =>
  (await database.db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, id)))[0]!.on;

describe("two-factor authentication", () => {
  it("is off until the first code from the app is confirmed", async () => {
    const admin = await createUser(database.db, { role: "admin" });
    const { cookie } = await signIn(admin.email);
    const enabled = await auth.api.enableTwoFactor({
      body: { password: DEFAULT_USER_PASSWORD },
      headers: clientHeaders(undefined, cookie),
    });
    expect(enabled.method === "totp" && enabled.totpURI).toMatch(/^otpauth:\/\/totp\/Peak%20Shilajit/);
    expect(await isEnabled(admin.id)).toBe(false);
    expect((await signIn(admin.email)).response.token).toBeTruthy();
  });

  it("then asks for a TOTP code at sign-in before any session exists", async () => {
    const admin = await createUser(database.db, { role: "admin" });
    const { secret } = await enrol(admin);
    expect(await isEnabled(admin.id)).toBe(true);

    const challenge = await signIn(admin.email);
    expect(challenge.response.twoFactorRedirect).toBe(true);
    expect(challenge.cookie).not.toContain("session_token");
    expect(await auth.api.getSession({ headers: clientHeaders(undefined, challenge.cookie) })).toBeNull();

    await expect(
      auth.api.verifyTOTP({ body: { code: "000000" }, headers: clientHeaders(undefined, challenge.cookie) }),
    ).rejects.toMatchObject({ statusCode: 401 });
    const { headers } = await auth.api.verifyTOTP({
      body: { code: totpCode(secret) },
      headers: clientHeaders(undefined, challenge.cookie),
      returnHeaders: true,
    });
    const session = await auth.api.getSession({ headers: clientHeaders(undefined, cookieHeader(headers)) });
    expect(session?.user.id).toBe(admin.id);
  });

  it("accepts each code once, and no older one after a newer one (no replay)", async () => {
    const admin = await createUser(database.db, { role: "admin" });
    const { secret } = await enrol(admin);
    const verify = async (code: string) => {
      const challenge = await signIn(admin.email);
      return auth.api.verifyTOTP({ body: { code }, headers: clientHeaders(undefined, challenge.cookie) });
    };
    const now = totpCode(secret);
    expect((await verify(now)).user.id).toBe(admin.id);
    await expect(verify(now)).rejects.toMatchObject({ statusCode: 401, body: { message: "Invalid code" } });
    // The enrolment used the previous step: after the current one it is refused too.
    await expect(verify(totpCode(secret, Date.now() - 30_000))).rejects.toMatchObject({ statusCode: 401 });
    // Two parallel sign-ins with one code: only one gets a session.
    const next = totpCode(secret, Date.now() + 30_000);
    const results = await Promise.allSettled([verify(next), verify(next)]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
  });

  it("accepts each backup code once", async () => {
    const admin = await createUser(database.db, { role: "admin" });
    const { backupCodes } = await enrol(admin);
    const first = await signIn(admin.email);
    const { headers } = await auth.api.verifyBackupCode({
      body: { code: backupCodes[0]! },
      headers: clientHeaders(undefined, first.cookie),
      returnHeaders: true,
    });
    expect(cookieHeader(headers)).toContain("session_token");
    const second = await signIn(admin.email);
    await expect(
      auth.api.verifyBackupCode({
        body: { code: backupCodes[0]! },
        headers: clientHeaders(undefined, second.cookie),
      }),
    ).rejects.toMatchObject({ statusCode: 401 });
  });
});

describe("requireAdmin", () => {
  const contextWith = (requireAdmin2fa: boolean) =>
    ({
      auth,
      database,
      config: { requireAdmin2fa },
      log: pino({ level: "silent" }),
    }) as unknown as RequestContext;
  const request = (cookie?: string) =>
    new Request("http://shop.test/admin/emails", { headers: clientHeaders(undefined, cookie) });
  const redirectOf = async (call: Promise<unknown>) => {
    const response = (await call.then(
      () => {
        throw new Error("expected a redirect");
      },
      (thrown: unknown) => thrown,
    )) as Response;
    return {
      status: response.status,
      location: response.headers.get("Location"),
      cookies: response.headers.getSetCookie(),
    };
  };

  it("sends signed-out visitors to /admin/login and customers there with 'Access Denied'", async () => {
    expect(await redirectOf(requireAdmin(contextWith(false), request()))).toMatchObject({
      status: 302,
      location: "/admin/login",
    });
    const customer = await createUser(database.db);
    const { cookie } = await signIn(customer.email);
    const denied = await redirectOf(requireAdmin(contextWith(false), request(cookie)));
    expect(denied.location).toBe("/admin/login");
    const nextPage = new Request("http://shop.test/admin/login", {
      headers: { cookie: denied.cookies.map((c) => c.split(";")[0]).join("; ") },
    });
    expect((await readFlashToast(nextPage)).toast).toMatchObject({
      title: "Access Denied",
      description: "You don't have permission to access the admin panel.",
      variant: "destructive",
    });
  });

  it("lets admins in, and with REQUIRE_ADMIN_2FA only once two-factor is on", async () => {
    const admin = await createUser(database.db, { role: "admin" });
    const { cookie } = await signIn(admin.email);
    expect((await requireAdmin(contextWith(false), request(cookie))).id).toBe(admin.id);
    const required = await redirectOf(requireAdmin(contextWith(true), request(cookie)));
    expect(required.location).toBe("/account/two-factor");

    const { secret } = await enrol(admin);
    const challenge = await signIn(admin.email);
    const { headers } = await auth.api.verifyTOTP({
      body: { code: totpCode(secret) },
      headers: clientHeaders(undefined, challenge.cookie),
      returnHeaders: true,
    });
    expect((await requireAdmin(contextWith(true), request(cookieHeader(headers)))).id).toBe(admin.id);
  });

  it("with the owner's 'staff must use two-factor' setting, sends staff without it to its setup", async () => {
    const member = await createUser(database.db, { role: "admin", staffRole: "support" });
    const { cookie } = await signIn(member.email);
    expect((await requireAdmin(contextWith(false), request(cookie))).access.name).toBe("Support");
    await saveStaffSettings(database.db, { requireTwoFactor: true });
    try {
      const required = await redirectOf(requireAdmin(contextWith(false), request(cookie)));
      expect(required.location).toBe("/account/two-factor");
    } finally {
      await saveStaffSettings(database.db, { requireTwoFactor: false });
    }
  });
});
