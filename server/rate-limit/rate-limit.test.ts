import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { CLIENT_IP_HEADER } from "../auth/limits.ts";
import { identifyClient } from "../http.ts";
import { consumeRateLimit, describeWait, pruneRateLimitHits } from "./rate-limit.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

describe("consumeRateLimit", () => {
  it("allows max hits per fixed window, then refuses until the next window", async () => {
    const rule = { max: 3, windowSeconds: 60 };
    const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, s));
    const results = [];
    for (const s of [0, 10, 20, 30]) results.push(await consumeRateLimit(database.db, "k", rule, at(s)));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]!.retryAfterSeconds).toBe(30);
    expect((await consumeRateLimit(database.db, "k", rule, at(61))).allowed).toBe(true);
    expect((await consumeRateLimit(database.db, "other", rule, at(40))).allowed).toBe(true);
  });

  it("counts concurrent hits exactly", async () => {
    const rule = { max: 5, windowSeconds: 3600 };
    const results = await Promise.all(
      Array.from({ length: 12 }, () => consumeRateLimit(database.db, "burst", rule)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
  });

  it("prunes old windows", async () => {
    await pruneRateLimitHits(database.db, new Date(Date.UTC(2027, 0, 1)));
    const rule = { max: 1, windowSeconds: 60 };
    expect(
      (await consumeRateLimit(database.db, "k", rule, new Date(Date.UTC(2026, 0, 1, 12, 0, 0)))).allowed,
    ).toBe(true);
  });

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
