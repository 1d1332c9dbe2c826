import { count, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Auth } from "../../server/auth/auth.ts";
import { accountFailuresKey, signInLimits } from "../../server/auth/limits.ts";
import { mailOutbox, session, user, verification } from "../../server/db/schema/index.ts";
import type { Mailer } from "../../server/mail/mailer.ts";
import { hitRateLimit } from "../../server/rate-limit/rate-limit.ts";
import { createUser, DEFAULT_USER_PASSWORD } from "../factories/accounts.ts";
import { clientHeaders, cookieHeader, createTestAuth, setupAuthDatabase } from "../support/auth.ts";
import type { TestDatabase } from "../support/database.ts";
import { startSmtpServer } from "../support/smtp.ts";

let database: TestDatabase;
let auth: Auth;
let mailer: Mailer;

setupAuthDatabase((opened) => ({ database, auth, mailer } = opened));

let ipCounter = 0;
/** A fresh client address per call, so one test's attempts never count against another's. */
const freshIp = () => `198.51.100.${++ipCounter}`;

/** Messages to `email`, newest first, once the mailer has rendered what it was given. */
const mailsTo = async (email: string) => {
  await mailer.idle();
  return database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt));
};

const sessionsOf = async (userId: string) =>
  (await database.db.select({ n: count() }).from(session).where(eq(session.userId, userId)))[0]!.n;

async function signIn(email: string, password = DEFAULT_USER_PASSWORD, ip = freshIp(), cookie?: string) {
  const { headers, response } = await auth.api.signInEmail({
    body: { email, password },
    headers: clientHeaders(ip, cookie),
    returnHeaders: true,
  });
  return { cookie: cookieHeader(headers), setCookie: headers.getSetCookie(), response };
}

async function refusal(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    const e = error as { statusCode: number; body?: { code?: string; message?: string } };
    return { status: e.statusCode, code: e.body?.code, message: e.body?.message };
  }
  throw new Error("expected the call to be refused");
}

describe("sign-up and email verification", () => {
  it("stores the full name, emails a verification link and refuses sign-in until it is used", async () => {
    const email = "new-customer@example.com";
    await auth.api.signUpEmail({
      body: { name: "Nia Customer", email, password: "secret-123" },
      headers: clientHeaders(freshIp()),
    });
    const [created] = await database.db.select().from(user).where(eq(user.email, email));
    expect(created).toMatchObject({ name: "Nia Customer", emailVerified: false, role: "customer" });

    expect(await refusal(signIn(email, "secret-123"))).toMatchObject({
      status: 403,
      code: "EMAIL_NOT_VERIFIED",
    });

    const [mail] = await mailsTo(email);
    expect(mail).toMatchObject({ subject: "Verify your email address", template: "verify-email" });
    const token = new URL(mail!.text!.match(/https?:\/\/\S*verify-email\S*/)![0]).searchParams.get("token")!;
    await auth.api.verifyEmail({ query: { token }, headers: clientHeaders(freshIp()) });

    const { response } = await signIn(email, "secret-123");
    expect(response.user.email).toBe(email);
  });

  it("answers a sign-up for an existing address like a new one, without a second account", async () => {
    const existing = await createUser(database.db);
    const fresh = await auth.api.signUpEmail({
      body: { name: "A", email: "brand-new@example.com", password: "secret-123" },
      headers: clientHeaders(freshIp()),
    });
    const duplicate = await auth.api.signUpEmail({
      body: { name: "B", email: existing.email, password: "secret-123" },
      headers: clientHeaders(freshIp()),
    });
    expect(Object.keys(duplicate).sort()).toEqual(Object.keys(fresh).sort());
    expect(duplicate.token).toBeNull();
    const [{ n }] = (await database.db
      .select({ n: count() })
      .from(user)
      .where(eq(user.email, existing.email))) as [{ n: number }];
    expect(n).toBe(1);
  });
});

describe("password reset", () => {
  const requestReset = (email: string) =>
    auth.api.requestPasswordReset({ body: { email }, headers: clientHeaders(freshIp()) });

  const latestResetToken = async (email: string) => {
    const [mail] = await mailsTo(email);
    expect(mail?.subject).toBe("Reset your password");
    return new URL(mail!.text!.match(/https?:\/\/\S*mode=reset\S*/)![0]).searchParams.get("token")!;
  };

  it("never reveals whether an address has an account", async () => {
    const known = await createUser(database.db);
    const answerKnown = await requestReset(known.email);
    const answerUnknown = await requestReset("nobody-here@example.com");
    expect(answerUnknown).toEqual(answerKnown);
    expect(await mailsTo(known.email)).toHaveLength(1);
    expect(await mailsTo("nobody-here@example.com")).toHaveLength(0);
  });

  it("links to /auth in reset mode with a token that expires after one hour", async () => {
    const customer = await createUser(database.db);
    await requestReset(customer.email);
    const [mail] = await mailsTo(customer.email);
    expect(mail!.text).toMatch(/http:\/\/shop\.test\/auth\?mode=reset&token=\w+/);
    const token = await latestResetToken(customer.email);
    const [row] = await database.db
      .select()
      .from(verification)
      .where(eq(verification.identifier, `reset-password:${token}`));
    const expiresInSeconds = (row!.expiresAt.getTime() - Date.now()) / 1000;
    expect(expiresInSeconds).toBeGreaterThan(3600 - 60);
    expect(expiresInSeconds).toBeLessThanOrEqual(3600);
  });

  it("uses a token once, ends every session of the account, and refuses an expired one", async () => {
    const customer = await createUser(database.db);
    await signIn(customer.email);
    await signIn(customer.email);
    expect(await sessionsOf(customer.id)).toBe(2);

    await requestReset(customer.email);
    const token = await latestResetToken(customer.email);
    await auth.api.resetPassword({
      body: { token, newPassword: "fresh-pass-1" },
      headers: clientHeaders(freshIp()),
    });
    expect(await sessionsOf(customer.id)).toBe(0);
    await signIn(customer.email, "fresh-pass-1");

    expect(
      await refusal(
        auth.api.resetPassword({
          body: { token, newPassword: "again-pass-2" },
          headers: clientHeaders(freshIp()),
        }),
      ),
    ).toMatchObject({ status: 400, code: "INVALID_TOKEN" });

    await requestReset(customer.email);
    const expired = await latestResetToken(customer.email);
    await database.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, `reset-password:${expired}`));
    expect(
      await refusal(
        auth.api.resetPassword({
          body: { token: expired, newPassword: "late-pass-3" },
          headers: clientHeaders(freshIp()),
        }),
      ),
    ).toMatchObject({ code: "INVALID_TOKEN" });
    await signIn(customer.email, "fresh-pass-1");
  });
});

describe("sessions", () => {
  it("sets an HttpOnly, SameSite=Lax cookie and issues a new session at every sign-in", async () => {
    const customer = await createUser(database.db);
    const first = await signIn(customer.email);
    const sessionCookie = first.setCookie.find((c) => c.startsWith("better-auth.session_token="))!;
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
    const second = await signIn(customer.email, DEFAULT_USER_PASSWORD, freshIp(), first.cookie);
    expect(second.response.token).not.toBe(first.response.token);
  });

  it("ends the other sessions when the password is changed", async () => {
    const customer = await createUser(database.db);
    const laptop = await signIn(customer.email);
    const phone = await signIn(customer.email);
    const { headers } = await auth.api.changePassword({
      body: {
        currentPassword: DEFAULT_USER_PASSWORD,
        newPassword: "changed-pass-1",
        revokeOtherSessions: true,
      },
      headers: clientHeaders(freshIp(), laptop.cookie),
      returnHeaders: true,
    });
    const sessionOf = (cookie: string) => auth.api.getSession({ headers: clientHeaders(freshIp(), cookie) });
    expect(await sessionOf(phone.cookie)).toBeNull();
    expect((await sessionOf(cookieHeader(headers)))?.user.id).toBe(customer.id);
  });

  it("signs out of all devices", async () => {
    const customer = await createUser(database.db);
    const laptop = await signIn(customer.email);
    await signIn(customer.email);
    await auth.api.revokeSessions({ headers: clientHeaders(freshIp(), laptop.cookie) });
    expect(await sessionsOf(customer.id)).toBe(0);
  });
});

describe("rate limits", () => {
  it("limits failed sign-ins per account and address; the owner's password from another address gets in", async () => {
    const customer = await createUser(database.db);
    const attacker = freshIp();
    for (let i = 0; i < 10; i++) {
      expect(await refusal(signIn(customer.email, "wrong-guess", attacker))).toMatchObject({ status: 401 });
    }
    // From the guessing address even the right password is refused now...
    const limited = await refusal(signIn(customer.email, DEFAULT_USER_PASSWORD, attacker));
    expect(limited).toMatchObject({ status: 429, code: "RATE_LIMITED" });
    // Fixed windows: near a window's end the wait is told in seconds.
    expect(limited.message).toMatch(
      /^Too many attempts\. Please wait \d+ (seconds?|minutes?) and try again\.$/,
    );
    // ...but the owner, from an address that has not been failing, is not locked out.
    expect((await signIn(customer.email, DEFAULT_USER_PASSWORD, freshIp())).response.user.id).toBe(
      customer.id,
    );
  });

  it("counts only failures: successful sign-ins never use up the limit", async () => {
    const customer = await createUser(database.db);
    const ip = freshIp();
    for (let i = 0; i < 12; i++) await signIn(customer.email, DEFAULT_USER_PASSWORD, ip);
    for (let i = 0; i < 9; i++) {
      expect(await refusal(signIn(customer.email, "typo", ip))).toMatchObject({ status: 401 });
    }
    expect((await signIn(customer.email, DEFAULT_USER_PASSWORD, ip)).response.user.id).toBe(customer.id);
  });

  it("under a distributed attack refuses addresses that failed for the account, not the owner's", async () => {
    const customer = await createUser(database.db);
    // 100 failures for this account from many addresses in this hour.
    const rule = { key: accountFailuresKey(customer.email), ...signInLimits.account };
    for (let i = 0; i < signInLimits.account.limit; i++) await hitRateLimit(database.db, rule);
    const bot = freshIp();
    expect(await refusal(signIn(customer.email, "guess-1", bot))).toMatchObject({ status: 401 });
    expect(await refusal(signIn(customer.email, "guess-2", bot))).toMatchObject({ status: 429 });
    expect((await signIn(customer.email, DEFAULT_USER_PASSWORD, freshIp())).response.user.id).toBe(
      customer.id,
    );
  });

  it("limits sign-in attempts per client across accounts", async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i++) {
      expect(await refusal(signIn(`guess${i}@example.com`, "wrong", ip))).toMatchObject({ status: 401 });
    }
    expect(await refusal(signIn("guess-last@example.com", "wrong", ip))).toMatchObject({ status: 429 });
    // Another client is not affected.
    expect(await refusal(signIn("guess-last@example.com", "wrong", freshIp()))).toMatchObject({
      status: 401,
    });
  });

  it("limits forgot-password, sign-up and verification emails per account and per client", async () => {
    const target = "flooded@example.com";
    const forgot = (email: string, ip = freshIp()) =>
      auth.api.requestPasswordReset({ body: { email }, headers: clientHeaders(ip) });
    for (let i = 0; i < 5; i++) await forgot(target);
    expect(await refusal(forgot(target))).toMatchObject({ status: 429, code: "RATE_LIMITED" });

    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      await auth.api.signUpEmail({
        body: { name: "Bot", email: `bot${i}@example.com`, password: "secret-123" },
        headers: clientHeaders(ip),
      });
    }
    expect(
      await refusal(
        auth.api.signUpEmail({
          body: { name: "Bot", email: "bot-last@example.com", password: "secret-123" },
          headers: clientHeaders(ip),
        }),
      ),
    ).toMatchObject({ status: 429 });

    const resend = () =>
      auth.api.sendVerificationEmail({
        body: { email: "bot0@example.com" },
        headers: clientHeaders(freshIp()),
      });
    for (let i = 0; i < 5; i++) await resend();
    expect(await refusal(resend())).toMatchObject({ status: 429 });
  });

  it("applies to direct HTTP calls of /api/auth too, with the same message", async () => {
    const customer = await createUser(database.db);
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      expect(await refusal(signIn(customer.email, "wrong", ip))).toMatchObject({ status: 401 });
    }
    const limited = await auth.handler(
      new Request("http://shop.test/api/auth/sign-in/email", {
        method: "POST",
        headers: { "content-type": "application/json", ...Object.fromEntries(clientHeaders(ip)) },
        body: JSON.stringify({ email: customer.email, password: DEFAULT_USER_PASSWORD }),
      }),
    );
    expect(limited.status).toBe(429);
    expect((await limited.json()).message).toMatch(/^Too many attempts/);
  });
});

describe("mail failures", () => {
  it("never fail or hold up sign-up; the outbox records the error for a retry", async () => {
    const smtp = await startSmtpServer({ refuse: true });
    const failing = createTestAuth(database.db, { smtpUrl: smtp.url, retryBaseMs: 60_000 });
    try {
      const started = Date.now();
      const result = await failing.auth.api.signUpEmail({
        body: { name: "Unlucky", email: "smtp-down@example.com", password: "secret-123" },
        headers: clientHeaders(freshIp()),
      });
      expect(result.user.email).toBe("smtp-down@example.com");
      expect(Date.now() - started).toBeLessThan(5000);
      await failing.mailer.idle();
      const [mail] = await mailsTo("smtp-down@example.com");
      expect(mail).toMatchObject({ status: "pending", attempts: 1 });
      expect(mail!.lastError).toContain("Mailbox temporarily unavailable");
      expect(mail!.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 30_000);
    } finally {
      await failing.mailer.stop();
      await smtp.close();
    }
  });
});
