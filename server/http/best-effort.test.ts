import { describe, expect, it } from "vitest";
import { ServiceUnavailableError } from "../errors.ts";
import { bestEffort } from "./best-effort.ts";

function recordingLog() {
  const lines: { level: string; details: Record<string, unknown>; what: string }[] = [];
  const at = (level: string) => (details: Record<string, unknown>, what: string) =>
    void lines.push({ level, details, what });
  return { lines, log: { warn: at("warn"), error: at("error") } as never };
}

/** What node-postgres / postgres.js throw when nothing listens on the port. */
const refused = () =>
  Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

describe("work a page can do without", () => {
  it("answers what the work gives and logs nothing when it succeeds", async () => {
    const { lines, log } = recordingLog();
    expect(await bestEffort(log, async () => 42, { failed: "count failed", fallback: 0 })).toBe(42);
    expect(lines).toEqual([]);
  });

  it("answers the fallback and logs one line with the error and the fields when it fails", async () => {
    const { lines, log } = recordingLog();
    const boom = new Error("provider said no");
    const answer = await bestEffort(log, () => Promise.reject(boom), {
      failed: "cancelling a payment session failed",
      fallback: null,
      fields: { orderId: "o-1" },
    });
    expect(answer).toBeNull();
    expect(lines).toEqual([
      { level: "error", details: { err: boom, orderId: "o-1" }, what: "cancelling a payment session failed" },
    ]);
  });

  it("logs a warning when asked to", async () => {
    const { lines, log } = recordingLog();
    await bestEffort(log, () => Promise.reject(new Error("x")), {
      failed: "estimate",
      fallback: 0,
      level: "warn",
    });
    expect(lines.map((line) => line.level)).toEqual(["warn"]);
  });

  it("keeps a database that cannot be reached a 503 when the page needs it, and only then", async () => {
    const { lines, log } = recordingLog();
    const needed = bestEffort(log, () => Promise.reject(refused()), {
      failed: "cart load failed",
      fallback: [],
      unlessDatabaseDown: "cart",
    });
    await expect(needed).rejects.toBeInstanceOf(ServiceUnavailableError);
    expect(lines).toEqual([]);

    const optional = await bestEffort(log, () => Promise.reject(refused()), {
      failed: "coupon",
      fallback: "none",
    });
    expect(optional).toBe("none");
    expect(lines.map((line) => line.what)).toEqual(["coupon"]);
  });
});
