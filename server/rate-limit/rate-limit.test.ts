import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { runSweep } from "../background.ts";
import { rateLimitHits } from "../db/schema/index.ts";
import { identifyClient } from "../http/app.ts";
import { CLIENT_IP_HEADER, clientIpOf } from "./client-ip.ts";
import {
  describeWait,
  hitRateLimit,
  hitRateLimits,
  rateLimitedMessage,
  slidingWindowResult,
} from "./rate-limit.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const minute = 60_000;

describe("hitRateLimit", () => {
  it("allows `limit` hits per window and refuses the next, per key", async () => {
    const { db } = database;
    const now = new Date("2025-03-01T10:00:10Z");
    const rule = { key: "test:1.2.3.4", limit: 3, windowMs: minute };
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit(db, rule, now));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]!.count).toBe(4);
    // 4 hits fade to 2 half-way through the next window: then one more fits.
    expect(results[3]!.retryAfterSeconds).toBe(80);
    // Another client is counted separately.
    expect((await hitRateLimit(db, { ...rule, key: "test:5.6.7.8" }, now)).allowed).toBe(true);
    // A window later with nothing in between, the count starts again at 1.
    const later = await hitRateLimit(db, rule, new Date("2025-03-01T10:02:00Z"));
    expect(later).toMatchObject({ allowed: true, count: 1 });
  });

  it("slides: a burst across a window boundary gets the limit once, not twice", async () => {
    const { db } = database;
    const rule = { key: "test:boundary", limit: 10, windowMs: minute };
    const before = new Date("2025-03-05T10:00:59Z");
    const after = new Date("2025-03-05T10:01:01Z");
    const results = [];
    for (let i = 0; i < 10; i++) results.push(await hitRateLimit(db, rule, before));
    for (let i = 0; i < 10; i++) results.push(await hitRateLimit(db, rule, after));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    // 10 at the end of the last window still weigh 59/60 a second into this one; the 10 refused
    // count too, so one more fits when they have faded to 9: a tenth into the next window.
    expect(results[19]!.retryAfterSeconds).toBe(59 + 6);
  });

  it("lets the previous window fade: half-way through, half of its hits still count", async () => {
    const { db } = database;
    const rule = { key: "test:fade", limit: 4, windowMs: minute };
    for (let i = 0; i < 4; i++) await hitRateLimit(db, rule, new Date("2025-03-06T10:00:30Z"));
    const halfWay = new Date("2025-03-06T10:01:30Z");
    expect(await hitRateLimit(db, rule, halfWay)).toMatchObject({ allowed: true, count: 3 });
    expect(await hitRateLimit(db, rule, halfWay)).toMatchObject({ allowed: true, count: 4 });
    // Over: 3 of this window (the refused one too) + 2 of the last; one more fits when it has gone.
    expect(await hitRateLimit(db, rule, halfWay)).toMatchObject({
      allowed: false,
      count: 5,
      retryAfterSeconds: 30,
    });
  });

  it("counts concurrent hits exactly (atomic upsert)", async () => {
    const { db } = database;
    const now = new Date("2025-03-02T10:00:00Z");
    const rule = { key: "test:concurrent", limit: 10, windowMs: minute };
    const results = await Promise.all(Array.from({ length: 15 }, () => hitRateLimit(db, rule, now)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 15 }, (_, i) => i + 1),
    );
  });

  it("leaves old windows to the minute sweep, which removes those older than a day", async () => {
    const { db } = database;
    const minuteRule = (key: string) => ({ key, limit: 1, windowMs: minute });
    await hitRateLimit(db, minuteRule("test:old"), new Date("2025-01-01T00:00:00Z"));
    await hitRateLimit(db, minuteRule("test:new"), new Date("2025-01-03T00:00:00Z"));
    const rowsOf = (key: string) => db.select().from(rateLimitHits).where(eq(rateLimitHits.key, key));
    // A hit writes its own window only: one statement per rule.
    expect(await rowsOf("test:old")).toHaveLength(1);
    const mailer = { send: async () => "id" };
    const log = { error: (...args: unknown[]) => expect.fail(`sweep logged an error: ${String(args[1])}`) };
    await runSweep({ database, mailer, log }, new Date("2025-01-03T00:00:30Z"));
    expect(await rowsOf("test:old")).toHaveLength(0);
    expect(await rowsOf("test:new")).toHaveLength(1);
  });

  it("combines rules: refused when any rule is over its limit", async () => {
    const { db } = database;
    const now = new Date("2025-03-04T10:00:00Z");
    const rules = [
      { key: "m:ip", limit: 5, windowMs: minute },
      { key: "d:ip", limit: 2, windowMs: 24 * 60 * minute },
    ];
    expect((await hitRateLimits(db, rules, now)).allowed).toBe(true);
    expect((await hitRateLimits(db, rules, now)).allowed).toBe(true);
    const third = await hitRateLimits(db, rules, now);
    expect(third.allowed).toBe(false);
    expect(third.retryAfterSeconds).toBeGreaterThan(60);
  });
});

describe("slidingWindowResult", () => {
  const rule = { limit: 10, windowMs: minute };
  it("counts this window fully and the previous one by the share the sliding window still covers", () => {
    expect(slidingWindowResult(rule, { previous: 10, current: 0, elapsed: 0.25 }).count).toBe(8);
    expect(slidingWindowResult(rule, { previous: 0, current: 10, elapsed: 0.9 })).toMatchObject({
      allowed: true,
      retryAfterSeconds: 0,
    });
  });

  it("asks to wait until the estimate, with no more hits, is within the limit again", () => {
    // Over through the previous window: until it has faded to leave room for one (8 → 3).
    expect(slidingWindowResult(rule, { previous: 8, current: 6, elapsed: 0.25 }).retryAfterSeconds).toBe(23);
    // Over in this window alone: its end, then until it has faded to 9 (20 → 9).
    expect(slidingWindowResult(rule, { previous: 0, current: 20, elapsed: 0.5 }).retryAfterSeconds).toBe(63);
  });
});

describe("clientIpOf", () => {
  it("uses the last X-Forwarded-For hop only behind a trusted proxy, else the socket address", () => {
    const forwarded = new Headers({ "x-forwarded-for": "198.51.100.1, 203.0.113.9" });
    expect(clientIpOf(forwarded, "10.0.0.1", true)).toBe("203.0.113.9");
    expect(clientIpOf(forwarded, "10.0.0.1", false)).toBe("10.0.0.1");
    expect(clientIpOf(new Headers(), "::ffff:127.0.0.1", true)).toBe("127.0.0.1");
    expect(clientIpOf(new Headers(), undefined, false)).toBe("unknown");
  });
});

describe("rateLimitedMessage", () => {
  it("says the wait in words while it is short, and 'later' for a daily limit", () => {
    expect(rateLimitedMessage(45)).toBe("Too many attempts. Please wait a minute and try again.");
    expect(rateLimitedMessage(84)).toBe("Too many attempts. Please wait 2 minutes and try again.");
    expect(rateLimitedMessage(6 * 3600)).toBe("Too many attempts. Please try again later.");
  });
});

describe("describeWait", () => {
  it("describes the wait in words", () => {
    expect(describeWait(1)).toBe("1 second");
    expect(describeWait(45)).toBe("45 seconds");
    expect(describeWait(60)).toBe("1 minute");
    expect(describeWait(601)).toBe("11 minutes");
  });
});

describe("identifyClient", () => {
  const seen = async (trustProxy: boolean, headers: Record<string, string>) => {
    const app = new Hono();
    app.use(identifyClient(trustProxy));
    app.get("/", (c) => c.text(c.req.header(CLIENT_IP_HEADER) ?? ""));
    const response = await app.request("/", { headers });
    return response.text();
  };

  it("replaces whatever address the client claims", async () => {
    expect(await seen(false, { [CLIENT_IP_HEADER]: "1.2.3.4", "x-forwarded-for": "5.6.7.8" })).toBe(
      "unknown",
    );
  });

  it("behind a trusted proxy takes the address the proxy appended", async () => {
    expect(await seen(true, { [CLIENT_IP_HEADER]: "1.2.3.4", "x-forwarded-for": "9.9.9.9, 5.6.7.8" })).toBe(
      "5.6.7.8",
    );
  });
});
