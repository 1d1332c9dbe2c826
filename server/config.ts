import path from "node:path";
import { z } from "zod";

/**
 * Every environment variable the shop reads, parsed once at start.
 * A bad value stops the start with a one-line message naming the variable.
 */
const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const optionalUrl = optionalString.pipe(z.url().optional());

const booleanFlag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
  ),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
  PUBLIC_URL: optionalUrl,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  AUTH_SECRET: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(8, "must be at least 8 characters").optional()),
  REQUIRE_ADMIN_2FA: booleanFlag,
  TRUST_PROXY: booleanFlag,
  SEED: z.enum(["demo", "none"]).default("demo"),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
      .optional(),
  ),
  MAIL_FROM: z.string().trim().min(3).default("Shilajit Shop <orders@localhost>"),
  SHOP_INBOX: optionalString.pipe(z.email().optional()),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_BASE: optionalUrl,
  PAYPAL_CLIENT_ID: optionalString,
  PAYPAL_CLIENT_SECRET: optionalString,
  // PayPal's Webhook ID is letters and digits; verify-webhook-signature refuses anything else.
  PAYPAL_WEBHOOK_ID: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9]{1,50}$/, "must be the Webhook ID PayPal shows (letters and digits)")
      .optional(),
  ),
  PAYPAL_ENV: z.enum(["sandbox", "live"]).default("sandbox"),
  PAYPAL_API_BASE: optionalUrl,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  // For testing only: a Google-compatible OIDC server (tests/fakes/google-server.ts) to talk to.
  GOOGLE_OAUTH_BASE: optionalUrl,
  APPLE_CLIENT_ID: optionalString,
  // Apple's client secret is a JWT signed with the Sign in with Apple key (docs/accounts.md).
  APPLE_CLIENT_SECRET: optionalString,
  APPLE_APP_BUNDLE_ID: optionalString,
  // For testing only: an Apple-compatible Sign in with Apple server (tests/fakes/apple-server.ts).
  APPLE_OAUTH_BASE: optionalUrl,
  S3_BUCKET: optionalString,
  S3_REGION: optionalString,
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_PUBLIC_URL: optionalUrl,
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  SWEEP_INTERVAL_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  MAIL_RETRY_INTERVAL_MS: z.coerce.number().int().min(1000).max(3_600_000).default(15_000),
  WEBHOOK_EVENT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  METRICS_TOKEN: optionalString.pipe(
    z.string().min(16, "must be at least 16 characters").max(256).optional(),
  ),
});

export type Env = z.infer<typeof envSchema>;

export type Config = ReturnType<typeof buildConfig>;

export class ConfigError extends Error {}

function buildConfig(env: Env) {
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  requireTogether(env, ["ADMIN_EMAIL", "ADMIN_PASSWORD"]);
  requireTogether(env, ["PAYPAL_CLIENT_ID", "PAYPAL_CLIENT_SECRET"]);
  requireTogether(env, ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"]);
  requireTogether(env, ["APPLE_CLIENT_ID", "APPLE_CLIENT_SECRET"]);
  requireTogether(env, ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"]);
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === "production",
    port: env.PORT,
    host: env.HOST,
    dataDir,
    uploadsDir: path.join(dataDir, "uploads"),
    databaseUrl: env.DATABASE_URL,
    /** PostgreSQL only: how long a connection attempt and one statement may take. */
    databaseTimeouts: {
      connectMs: env.DATABASE_CONNECT_TIMEOUT_MS,
      statementMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    },
    publicUrl,
    logLevel: env.LOG_LEVEL,
    authSecret: env.AUTH_SECRET,
    admin:
      env.ADMIN_EMAIL && env.ADMIN_PASSWORD
        ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }
        : undefined,
    requireAdmin2fa: env.REQUIRE_ADMIN_2FA,
    /** Behind a reverse proxy that sets X-Forwarded-For: take the client address from it. */
    trustProxy: env.TRUST_PROXY,
    seed: env.SEED,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, shopInbox: env.SHOP_INBOX },
    stripe: env.STRIPE_SECRET_KEY
      ? {
          secretKey: env.STRIPE_SECRET_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET,
          apiBase: env.STRIPE_API_BASE,
        }
      : undefined,
    paypal:
      env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET
        ? {
            clientId: env.PAYPAL_CLIENT_ID,
            clientSecret: env.PAYPAL_CLIENT_SECRET,
            webhookId: env.PAYPAL_WEBHOOK_ID,
            apiBase:
              env.PAYPAL_API_BASE ??
              (env.PAYPAL_ENV === "live" ? "https://api-m.paypal.com" : "https://api-m.sandbox.paypal.com"),
          }
        : undefined,
    /** Google / Apple sign-in for customers, each only when its keys are set (server/auth/social.ts). */
    social: {
      google:
        env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
          ? {
              clientId: env.GOOGLE_CLIENT_ID,
              clientSecret: env.GOOGLE_CLIENT_SECRET,
              oauthBase: env.GOOGLE_OAUTH_BASE,
            }
          : undefined,
      apple:
        env.APPLE_CLIENT_ID && env.APPLE_CLIENT_SECRET
          ? {
              clientId: env.APPLE_CLIENT_ID,
              clientSecret: env.APPLE_CLIENT_SECRET,
              appBundleIdentifier: env.APPLE_APP_BUNDLE_ID,
              oauthBase: env.APPLE_OAUTH_BASE,
            }
          : undefined,
    },
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION ?? "us-east-1",
          endpoint: env.S3_ENDPOINT,
          accessKeyId: env.S3_ACCESS_KEY_ID!,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
          publicUrl: env.S3_PUBLIC_URL,
        }
      : undefined,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    /** Background job intervals (server/background.ts). */
    jobs: {
      sweepMs: env.SWEEP_INTERVAL_MS,
      mailRetryMs: env.MAIL_RETRY_INTERVAL_MS,
      webhookEventRetentionDays: env.WEBHOOK_EVENT_RETENTION_DAYS,
    },
    /** Bearer token for GET /metrics; without it the endpoint does not exist (404). */
    metricsToken: env.METRICS_TOKEN,
  };
}

function requireTogether(env: Env, names: (keyof Env)[]) {
  const set = names.filter((n) => env[n] !== undefined);
  if (set.length > 0 && set.length < names.length) {
    const missing = names.filter((n) => env[n] === undefined);
    throw new ConfigError(`${missing[0]}: required when ${set.join(", ")} is set`);
  }
}

/** Parses the environment; throws a ConfigError whose message is one line naming the variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`${issue.path.join(".")}: ${issue.message}`);
  }
  return buildConfig(parsed.data);
}
