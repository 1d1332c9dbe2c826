import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("loadConfig", () => {
  it("applies defaults for an empty environment", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.seed).toBe("demo");
    expect(config.stripe).toBeUndefined();
    expect(config.paypal).toBeUndefined();
    expect(config.jobs).toEqual({ sweepMs: 60_000, mailRetryMs: 15_000, webhookEventRetentionDays: 90 });
    expect(config.metricsToken).toBeUndefined();
  });

  it.each([
    [{ PORT: "abc" }, /^PORT: /],
    [{ DATABASE_URL: "mysql://x" }, /^DATABASE_URL: must start with postgres/],
    [{ SEED: "all" }, /^SEED: /],
    [{ ADMIN_EMAIL: "not-an-email", ADMIN_PASSWORD: "long-enough" }, /^ADMIN_EMAIL: /],
    [{ ADMIN_EMAIL: "a@b.co" }, /^ADMIN_PASSWORD: required when ADMIN_EMAIL is set/],
    [{ PUBLIC_URL: "nope" }, /^PUBLIC_URL: /],
    [{ PAYPAL_ENV: "prod" }, /^PAYPAL_ENV: /],
    [{ PAYPAL_WEBHOOK_ID: "WH-1234" }, /^PAYPAL_WEBHOOK_ID: must be the Webhook ID PayPal shows/],
    [{ METRICS_TOKEN: "short" }, /^METRICS_TOKEN: must be at least 16 characters/],
    [{ SWEEP_INTERVAL_MS: "500" }, /^SWEEP_INTERVAL_MS: /],
    [{ MAIL_RETRY_INTERVAL_MS: "soon" }, /^MAIL_RETRY_INTERVAL_MS: /],
  ])("rejects %o with a one-line message naming the variable", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it("reads provider settings only when their keys are present", () => {
    const config = loadConfig({ PAYPAL_CLIENT_ID: "id", PAYPAL_CLIENT_SECRET: "secret", PAYPAL_ENV: "live" });
    expect(config.paypal?.apiBase).toBe("https://api-m.paypal.com");
    expect(loadConfig({ PUBLIC_URL: "https://shop.example.com/" }).publicUrl).toBe(
      "https://shop.example.com",
    );
  });
});
