import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { DatabaseAvailability } from "../db/availability.ts";
import { failFastWithoutDatabase, noteRequestError, requestFailedOnDatabase } from "./unavailable.ts";

const refused = () => Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });

/** An app behind the gate whose database answers or not, as `state.up` says. */
function appWithDatabase(state: { up: boolean }) {
  const availability = new DatabaseAvailability(async () => {
    if (!state.up) throw refused();
  });
  const app = new Hono<{ Variables: { failedOnDatabase?: boolean } }>();
  app.use(failFastWithoutDatabase(availability));
  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/assets/app.js", (c) => c.text("asset"));
  app.get("/broken", (c) => c.text("Internal Server Error", 500));
  app.get("/failed-on-database", (c) => {
    // What server/http/app.ts sets when React Router's handleError noted the database being away.
    c.set("failedOnDatabase", true);
    return c.text("error page", 500);
  });
  app.all("*", (c) => c.text("page"));
  return { app, availability };
}

describe("failFastWithoutDatabase", () => {
  it("turns a server error into the 503 page when the database does not answer, then fails fast", async () => {
    const state = { up: false };
    const { app, availability } = appWithDatabase(state);
    try {
      const first = await app.request("/broken");
      expect(first.status).toBe(503);
      expect(first.headers.get("Retry-After")).toBe("5");
      expect(first.headers.get("Cache-Control")).toBe("no-store");
      expect(await first.text()).toContain("We'll be right back");
      // Known away: answered without running the route.
      const page = await app.request("/products");
      expect(page.status).toBe(503);
      expect(page.headers.get("Content-Type")).toContain("text/html");
      const data = await app.request("/products.data");
      expect(data.status).toBe(503);
      expect(await data.json()).toMatchObject({ error: "We'll be right back" });
      const auth = await app.request("/api/auth/get-session");
      expect(auth.headers.get("Content-Type")).toContain("application/json");
      // What needs no database is still served.
      expect((await app.request("/healthz")).status).toBe(200);
      expect(await (await app.request("/assets/app.js")).text()).toBe("asset");
    } finally {
      availability.stop();
    }
  });

  it("leaves a server error alone when the database answers", async () => {
    const { app, availability } = appWithDatabase({ up: true });
    try {
      expect((await app.request("/broken")).status).toBe(500);
      expect(availability.available).toBe(true);
    } finally {
      availability.stop();
    }
  });

  it("answers 503 for a request that failed on the database even if it answers again by now", async () => {
    const { app, availability } = appWithDatabase({ up: true });
    try {
      const response = await app.request("/failed-on-database");
      expect(response.status).toBe(503);
      expect(response.headers.get("Retry-After")).toBe("5");
    } finally {
      availability.stop();
    }
  });
});

describe("noteRequestError", () => {
  it("remembers the request contexts whose error was the database being away, and only those", () => {
    const away = {};
    const other = {};
    expect(noteRequestError(new Error("failed query", { cause: refused() }), away)).toBe(true);
    expect(noteRequestError(Object.assign(new Error("duplicate"), { code: "23505" }), other)).toBe(false);
    expect(requestFailedOnDatabase(away)).toBe(true);
    expect(requestFailedOnDatabase(other)).toBe(false);
  });
});
