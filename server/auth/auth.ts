import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { hashPassword } from "better-auth/crypto";
import { admin, twoFactor } from "better-auth/plugins";
import { brand } from "../../core/brand.ts";
import type { Db } from "../db/client.ts";
import * as schema from "../db/schema/index.ts";
import type { Logger } from "../logger.ts";
import type { Mailer } from "../mail/mailer.ts";
import { CLIENT_IP_HEADER } from "../rate-limit/client-ip.ts";
import { authHooks } from "./hooks.ts";
import { verifyAnyPassword } from "./legacy-password.ts";
import { passkeyPlugin } from "./passkeys.ts";
import { adminSessionHooks, sessionLifetime } from "./session-lifetime.ts";
import {
  accountLinking,
  type SocialConfig,
  socialOrigins,
  socialProviders,
  socialTokenEndpoints,
} from "./social.ts";

export type AuthOptions = {
  db: Db;
  secret: string;
  publicUrl: string;
  secureCookies: boolean;
  mailer: Mailer;
  log: Logger;
  /** Also shows an emailed link on the console (a demo shop without SMTP, server/services.ts). */
  showLink?: (line: string) => void;
  /**
   * Joins the paid guest orders placed with a just-verified address to its account (decision 037).
   * Handed in (`attachGuestOrders` from server/accounts/guest-orders.ts) so that auth, which accounts
   * builds on, imports nothing from accounts.
   */
  attachGuestOrders: (userId: string) => Promise<unknown>;
  /** Google / Apple keys; a provider without keys is off (social.ts). */
  social?: SocialConfig;
};

/** Where the emailed reset link lands: the auth page in reset mode. */
export const resetPasswordUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/auth?mode=reset&token=${encodeURIComponent(token)}`;

/** Where the verification link sends the browser after better-auth checked the token. */
export const VERIFIED_CALLBACK = "/auth?verified=1";

const ONE_HOUR = 60 * 60;

/**
 * The better-auth instance: email + password accounts with required email verification and
 * password reset through our mail module, roles (admin plugin), TOTP two-factor, passkeys (WebAuthn), and
 * brute-force limits per client and per account.
 */
export function createAuth({
  db,
  secret,
  publicUrl,
  secureCookies,
  mailer,
  log,
  showLink,
  attachGuestOrders,
  social = { google: undefined, apple: undefined },
}: AuthOptions) {
  // Mail goes to the outbox first and SMTP runs in the background; a failure here is logged,
  // never passed on, so it cannot fail sign-up or reveal anything to the caller.
  const sendSafely = async (work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (error) {
      log.error({ err: error }, "could not queue auth email");
    }
  };

  return betterAuth({
    appName: brand.name,
    baseURL: publicUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [publicUrl, ...socialOrigins(social)],
    // better-auth's own messages (e.g. "Invalid password") go to our JSON log, at debug level.
    logger: {
      log: (level, message, ...args) => log[level === "error" ? "error" : "debug"]({ args }, message),
    },
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        twoFactor: schema.twoFactor,
        passkey: schema.passkey,
        rateLimit: schema.rateLimit,
      },
    }),
    // Google / Apple sign-in for customers; linking only through a verified email (social.ts).
    socialProviders: socialProviders(social),
    account: { accountLinking },
    // An OAuth callback that fails (state mismatch, refused code, unlinked account) lands on /auth?error=….
    onAPIError: { errorURL: `${publicUrl}/auth` },
    // The staff member's role (core/staff/roles.ts) for accounts with the `admin` role; never
    // settable through the API (`input: false`), only by the staff screens (server/staff/).
    user: { additionalFields: { staffRole: { type: "string", required: false, input: false } } },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      requireEmailVerification: true,
      resetPasswordTokenExpiresIn: ONE_HOUR,
      revokeSessionsOnPasswordReset: true,
      // Imported customers' bcrypt hashes are accepted until their first sign-in (legacy-password.ts).
      password: { hash: hashPassword, verify: verifyAnyPassword },
      // Sign-up with a registered address answers a stand-in user; it gets every field a new
      // customer's answer has (the admin and two-factor plugins' ones too, with a new customer's
      // values), so the API cannot tell registered addresses apart.
      customSyntheticUser: ({ coreFields, additionalFields, id }) => ({
        ...coreFields,
        role: "customer",
        banned: false,
        banReason: null,
        banExpires: null,
        twoFactorEnabled: false,
        staffRole: null,
        ...additionalFields,
        id,
      }),
      sendResetPassword: ({ user, token }) => {
        const url = resetPasswordUrl(publicUrl, token);
        showLink?.(`Password reset link for ${user.email}: ${url}`);
        return sendSafely(() =>
          mailer.send({
            to: user.email,
            subject: "Reset your password",
            template: "reset-password",
            // A stranger may have signed up with this address: their typed name stays out (decision 051).
            props: { ...(user.emailVerified && { name: user.name }), url },
          }),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      // Following the link signs the customer in, as shops do (once: a verified address's link
      // signs nobody in). The link goes only to the address itself.
      autoSignInAfterVerification: true,
      expiresIn: 24 * ONE_HOUR,
      // The address is now proven: the paid guest orders placed with it join the account
      // (decision 037). A failure is logged; verifying still succeeds (the next sign-in retries).
      afterEmailVerification: async (user) => {
        try {
          await attachGuestOrders(user.id);
        } catch (error) {
          log.error({ err: error, userId: user.id }, "could not attach guest orders");
        }
      },
      sendVerificationEmail: ({ user, url }) => {
        showLink?.(`Verification link for ${user.email}: ${url}`);
        return sendSafely(() =>
          mailer.send({
            to: user.email,
            subject: "Verify your email address",
            template: "verify-email",
            // The address is not proven yet: nothing the sign-up typed goes into it (decision 051).
            props: { url },
          }),
        );
      },
    },
    // Customer sessions live 30 days and are extended once a day while in use; admin sessions are
    // shorter (session-lifetime.ts). No cookie cache, so a revoked session (sign-out everywhere,
    // password change) ends at once on every device.
    session: {
      ...sessionLifetime.customer,
      cookieCache: { enabled: false },
      // Ours: how the session began ("passkey" counts as two-factor for staff; passkeys.ts).
      additionalFields: { signInMethod: { type: "string", required: false, input: false } },
    },
    databaseHooks: { session: adminSessionHooks(db) },
    // better-auth's own per-IP limiter guards direct HTTP calls to /api/auth/*; the hook below adds
    // per-account limits and also covers the server-side calls our pages make.
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: 10 },
        "/sign-up/email": { window: 60, max: 5 },
        "/request-password-reset": { window: 60, max: 5 },
        "/send-verification-email": { window: 60, max: 5 },
        "/passkey/verify-authentication": { window: 60, max: 10 },
        "/passkey/generate-authenticate-options": { window: 60, max: 20 },
      },
    },
    hooks: authHooks(db),
    advanced: {
      useSecureCookies: secureCookies,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => crypto.randomUUID() },
    },
    plugins: [
      admin({ defaultRole: "customer", adminRoles: ["admin"] }),
      twoFactor({ issuer: brand.name }),
      passkeyPlugin(publicUrl),
      socialTokenEndpoints(social),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
