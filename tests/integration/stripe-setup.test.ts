import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { Logger } from "../../server/logger.ts";
import {
  PINNED_STRIPE_API_VERSION,
  STRIPE_WEBHOOK_EVENTS,
} from "../../server/payments/stripe/api-version.ts";
import { checkStripeAtStart } from "../../server/payments/stripe/endpoint-status.ts";
import { type FakeStripe, startFakeStripe } from "../fakes/stripe-server.ts";

const SHOP = "https://shop.example";
const ENDPOINT_URL = `${SHOP}/webhooks/stripe`;

let fake: FakeStripe;
beforeEach(async () => {
  await fake?.close();
  fake = await startFakeStripe();
});
afterAll(() => fake?.close());

/**
 * `npm run stripe:setup` as the owner runs it (the script, against the fake Stripe). Asynchronous:
 * the fake answers from this process.
 */
async function stripeSetup(env: Record<string, string> = {}) {
  const run = promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/stripe-setup.ts"], {
    encoding: "utf8",
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "test",
      STRIPE_SECRET_KEY: "sk_test_setup",
      STRIPE_API_BASE: fake.url,
      PUBLIC_URL: SHOP,
      ...env,
    },
    timeout: 60_000,
  });
  const result = await run.then(
    ({ stdout, stderr }) => ({ status: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ status: error.code, ...error }),
  );
  return { status: result.status, out: result.stdout, err: result.stderr };
}

describe("npm run stripe:setup", () => {
  it("creates the endpoint on the pinned API version with exactly the handled events and prints its secret; a second run changes nothing", async () => {
    const first = await stripeSetup();
    expect(first.err).toBe("");
    expect(first.status).toBe(0);
    const [endpoint] = fake.webhookEndpoints();
    expect(endpoint).toMatchObject({ url: ENDPOINT_URL, api_version: PINNED_STRIPE_API_VERSION });
    expect([...(endpoint!.enabled_events as string[])].sort()).toEqual([...STRIPE_WEBHOOK_EVENTS].sort());
    expect(first.out).toContain(`Created endpoint ${endpoint!.id}`);
    expect(first.out).toMatch(/STRIPE_WEBHOOK_SECRET and restart the shop:\nwhsec_[0-9a-f]{32}\n/);

    const again = await stripeSetup({ STRIPE_WEBHOOK_SECRET: "whsec_set" });
    expect(again.out).toContain(`OK: endpoint ${endpoint!.id} is set up as the shop needs it`);
    expect(again.out).not.toContain("whsec_");
    expect(fake.webhookEndpoints()).toHaveLength(1);
  });

  it("replaces a Dashboard endpoint on the account's old API version and disables it", async () => {
    const old = fake.addDashboardEndpoint(ENDPOINT_URL, ["checkout.session.completed", "invoice.paid"]);
    expect(old.api_version).toBe("2024-06-20");
    const run = await stripeSetup();
    expect(run.status).toBe(0);
    expect(run.out).toContain(`Disabled the old endpoint ${old.id} (API version 2024-06-20)`);
    const endpoints = fake.webhookEndpoints();
    expect(endpoints.find((e) => e.id === old.id)?.status).toBe("disabled");
    expect(endpoints.filter((e) => e.status === "enabled")).toMatchObject([
      { url: ENDPOINT_URL, api_version: PINNED_STRIPE_API_VERSION },
    ]);
    expect(run.out).toMatch(/\nwhsec_/);
  });

  it("updates the events of an endpoint already on the pinned version, keeping its secret", async () => {
    fake.setAccountApiVersion(PINNED_STRIPE_API_VERSION);
    const endpoint = fake.addDashboardEndpoint(ENDPOINT_URL, ["*"]);
    const run = await stripeSetup();
    expect(run.out).toContain(`Updated endpoint ${endpoint.id}`);
    expect(run.out).toContain("events the shop does not handle: *");
    expect(run.out).not.toContain("whsec_");
    expect(fake.webhookEndpoints()).toHaveLength(1);
    expect(fake.webhookEndpoints()[0]!.enabled_events).toEqual([...STRIPE_WEBHOOK_EVENTS]);
  });

  it("refuses without a key, or with a live key and a non-https address", async () => {
    expect((await stripeSetup({ STRIPE_SECRET_KEY: "" })).err).toContain("STRIPE_SECRET_KEY is not set");
    const live = await stripeSetup({ STRIPE_SECRET_KEY: "sk_live_x", PUBLIC_URL: "http://localhost:3000" });
    expect(live.status).toBe(1);
    expect(live.err).toContain("PUBLIC_URL must be the shop's public https:// address");
    expect(fake.webhookEndpoints()).toEqual([]);
  });
});

describe("the Stripe check at start", () => {
  function recordingLog() {
    const warnings: string[] = [];
    const log = {
      info: () => {},
      warn: (...args: unknown[]) => void warnings.push(String(args.find((a) => typeof a === "string"))),
    } as unknown as Pick<Logger, "info" | "warn">;
    return { log, warnings };
  }
  const config = (webhookSecret?: string) => ({
    publicUrl: SHOP,
    stripe: { secretKey: "sk_test_start", webhookSecret, apiBase: fake.url },
  });

  it("warns of a missing endpoint, one on another API version, and a missing signing secret", async () => {
    const missing = recordingLog();
    expect((await checkStripeAtStart({ config: config("whsec_x"), log: missing.log })).state).toBe("missing");
    expect(missing.warnings).toEqual([
      `no Stripe webhook endpoint for ${ENDPOINT_URL}: run npm run stripe:setup (docs/payments.md)`,
    ]);

    const old = fake.addDashboardEndpoint(ENDPOINT_URL, [...STRIPE_WEBHOOK_EVENTS]);
    const mismatch = recordingLog();
    expect((await checkStripeAtStart({ config: config(), log: mismatch.log })).state).toBe("mismatch");
    expect(mismatch.warnings).toEqual([
      "STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks are answered 503",
      `Stripe webhook endpoint ${old.id} has API version 2024-06-20 instead of ${PINNED_STRIPE_API_VERSION}: run npm run stripe:setup (docs/payments.md)`,
    ]);
  });

  it("is quiet when the endpoint is as the shop needs it, and only warns when Stripe cannot be reached", async () => {
    fake.setAccountApiVersion(PINNED_STRIPE_API_VERSION);
    fake.addDashboardEndpoint(ENDPOINT_URL, [...STRIPE_WEBHOOK_EVENTS]);
    const ok = recordingLog();
    expect((await checkStripeAtStart({ config: config("whsec_x"), log: ok.log })).state).toBe("ok");
    expect(ok.warnings).toEqual([]);

    fake.failNext("apiError");
    const down = recordingLog();
    expect((await checkStripeAtStart({ config: config("whsec_x"), log: down.log })).state).toBe(
      "unreachable",
    );
    expect(down.warnings).toEqual(["could not check the Stripe webhook endpoint at start"]);
  });
});
