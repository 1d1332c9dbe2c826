import { describe, expect, it } from "vitest";
import { setupTarget } from "./support.ts";

const target = setupTarget();

describe("information leaks", () => {
  it("answers an unknown page with 404 and no stack trace or server banner", async () => {
    const response = await target.visitor().get("/no-such-page/../../etc/passwd");
    expect(response.status).toBe(404);
    const body = await response.text();
    expect(body).not.toMatch(/at \w+ \(|node_modules|\/work\//);
    expect(response.headers.get("x-powered-by")).toBeNull();
  });
});
