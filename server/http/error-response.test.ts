import { describe, expect, it } from "vitest";
import {
  ConflictError,
  InvalidInputError,
  NotFoundError,
  ProviderFailureError,
  RateLimitedError,
  ServiceUnavailableError,
} from "../errors.ts";
import { failureData, failureOf, serverMessage, settle } from "./error-response.ts";

const unexpected = { title: "Error", description: "Something broke." };
const said = { title: "Nope", description: "Because." };

function recordingLog() {
  const lines: { level: string; details: unknown; what: string }[] = [];
  const at = (level: string) => (details: unknown, what: string) => void lines.push({ level, details, what });
  return { lines, log: { warn: at("warn"), error: at("error") } as never };
}

describe("the error → response map", () => {
  it("gives each domain error its status and the person's message", () => {
    const cases = [
      [new InvalidInputError(said, { code: ["Required"] }), 400],
      [new NotFoundError(said), 404],
      [new ConflictError(said), 409],
      [new RateLimitedError(said, 60), 429],
      [new ProviderFailureError(said), 502],
      [new ServiceUnavailableError(said), 503],
    ] as const;
    for (const [error, status] of cases) {
      const failure = failureOf(error, unexpected);
      expect(failure.status, error.name).toBe(status);
      expect(failure.message).toEqual(said);
    }
    expect(failureOf(new InvalidInputError(said, { code: ["Required"] }), unexpected).fieldErrors).toEqual({
      code: ["Required"],
    });
    expect(failureOf(new RateLimitedError(said, 60), unexpected).headers.get("Retry-After")).toBe("60");
  });

  it("answers an unexpected error with the fallback message, or the server's own words when asked", () => {
    const failed = new Error('Failed query: select "id" from "validity_codes"', {
      cause: new Error('relation "validity_codes" does not exist'),
    });
    expect(failureOf(failed, unexpected)).toMatchObject({ status: 500, message: unexpected });
    expect(failureOf(failed, { title: "Error", showServerMessage: true, status: 503 })).toMatchObject({
      status: 503,
      message: { title: "Error", description: 'relation "validity_codes" does not exist' },
    });
  });

  it("lets thrown Responses (redirects, deliberate answers) through untouched", () => {
    const redirect = new Response(null, { status: 302, headers: { Location: "/admin/login" } });
    expect(() => failureOf(redirect, unexpected)).toThrow(redirect);
  });

  it("reports the database's own message for a failed query, not the SQL around it", () => {
    const failed = new Error('Failed query: select "id" from "validity_codes"', {
      cause: new Error('relation "validity_codes" does not exist'),
    });
    expect(serverMessage(failed)).toBe('relation "validity_codes" does not exist');
    expect(serverMessage(new Error("connection refused"))).toBe("connection refused");
    expect(serverMessage("nothing useful")).toBe("Unknown error");
  });

  it("settles work: its value, or one log line and the mapped failure", async () => {
    const { lines, log } = recordingLog();
    expect(await settle(log, "saving", async () => 7)).toEqual({ ok: true, value: 7 });
    const failed = await settle(log, "saving", async () => {
      throw new Error("Failed query: insert …", { cause: new Error("injected test failure") });
    });
    expect(failed).toMatchObject({
      ok: false,
      status: 503,
      message: { description: "injected test failure" },
    });
    const refused = await settle(log, "looking up", async () => {
      throw new NotFoundError(said);
    });
    expect(refused).toMatchObject({ ok: false, status: 404, message: said });
    expect(lines.map((l) => [l.level, l.what])).toEqual([
      ["error", "saving"],
      ["warn", "looking up"],
    ]);
  });

  it("puts the failure's toast into the action's own answer", () => {
    const answer = failureData(failureOf(new RateLimitedError(said, 30), unexpected), { applied: null });
    expect(answer.init?.status).toBe(429);
    expect(new Headers(answer.init?.headers).get("Retry-After")).toBe("30");
    expect(answer.data).toMatchObject({ applied: null, toast: { ...said, variant: "destructive" } });
  });
});
