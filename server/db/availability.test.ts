import { describe, expect, it } from "vitest";
import { DatabaseAvailability, isDatabaseUnreachable, ServiceUnavailableError } from "./availability.ts";
import { openDatabase } from "./client.ts";

const codeError = (code: string) => Object.assign(new Error(code), { code });

/** Waits for a condition instead of sleeping a guessed time. */
async function eventually(condition: () => boolean, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("isDatabaseUnreachable", () => {
  it("recognises connection failures, also wrapped as a cause (Drizzle wraps the driver's error)", () => {
    for (const code of ["ECONNREFUSED", "CONNECT_TIMEOUT", "CONNECTION_CLOSED", "57P01", "57P03", "08006"]) {
      expect(isDatabaseUnreachable(new Error("failed query", { cause: codeError(code) })), code).toBe(true);
    }
    expect(isDatabaseUnreachable(new ServiceUnavailableError())).toBe(true);
  });

  it("does not take a failed query on a database that answered for an outage", () => {
    for (const code of ["42P01", "23505", "57014", "22P02"])
      expect(isDatabaseUnreachable(codeError(code)), code).toBe(false);
    expect(isDatabaseUnreachable(new Error("boom"))).toBe(false);
    expect(isDatabaseUnreachable("text")).toBe(false);
  });

  it("classifies the real driver's error for a server that is not there, within the connect timeout", async () => {
    // Port 1 on this machine: nothing listens, the connection is refused at once.
    const database = await openDatabase({
      url: "postgres://postgres@127.0.0.1:1/none",
      timeouts: { connectMs: 500 },
    });
    try {
      const started = performance.now();
      const error = await database.ping().catch((e: unknown) => e);
      expect(isDatabaseUnreachable(error)).toBe(true);
      expect(performance.now() - started).toBeLessThan(1500);
    } finally {
      await database.close();
    }
  });
});

describe("DatabaseAvailability", () => {
  it("after a failed probe fails fast, probes again by itself and comes back when the database answers", async () => {
    let up = false;
    let pings = 0;
    const availability = new DatabaseAvailability(
      async () => {
        pings += 1;
        if (!up) throw codeError("ECONNREFUSED");
      },
      { probeIntervalMs: 50 },
    );
    try {
      expect(availability.available).toBe(true);
      // A burst of failing requests shares one probe.
      const answers = await Promise.all([availability.probe(), availability.probe(), availability.probe()]);
      expect(answers).toEqual([false, false, false]);
      expect(pings).toBe(1);
      expect(availability.available).toBe(false);
      expect(() => availability.assertAvailable()).toThrow(ServiceUnavailableError);
      await eventually(() => pings >= 3);
      up = true;
      await eventually(() => availability.available);
      const pingsWhenBack = pings;
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(pings, "no probing once it is back").toBe(pingsWhenBack);
    } finally {
      availability.stop();
    }
  });

  it("counts a database that does not answer at all as away, after the probe timeout", async () => {
    const availability = new DatabaseAvailability(() => new Promise(() => {}), { probeTimeoutMs: 200 });
    try {
      const started = performance.now();
      expect(await availability.probe()).toBe(false);
      expect(performance.now() - started).toBeLessThan(1000);
      expect(availability.available).toBe(false);
    } finally {
      availability.stop();
    }
  });
});
