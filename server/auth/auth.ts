import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, twoFactor } from "better-auth/plugins";
import type { Db } from "../db/client.ts";
import * as schema from "../db/schema/index.ts";

export type AuthOptions = {
  db: Db;
  secret: string;
  publicUrl: string;
  secureCookies: boolean;
};

/** The better-auth instance: email + password accounts, roles (admin plugin) and TOTP two-factor. */
export function createAuth({ db, secret, publicUrl, secureCookies }: AuthOptions) {
  return betterAuth({
    appName: "Shilajit Shop",
    baseURL: publicUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [publicUrl],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        twoFactor: schema.twoFactor,
        rateLimit: schema.rateLimit,
      },
    }),
    emailAndPassword: { enabled: true, minPasswordLength: 6, maxPasswordLength: 128 },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    rateLimit: { enabled: true, storage: "database", window: 60, max: 100 },
    advanced: {
      useSecureCookies: secureCookies,
      database: { generateId: () => crypto.randomUUID() },
    },
    plugins: [
      admin({ defaultRole: "customer", adminRoles: ["admin"] }),
      twoFactor({ issuer: "Shilajit Shop" }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
