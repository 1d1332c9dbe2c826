import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { refuseNulInUrls } from "./nul-bytes.ts";

describe("refuseNulInUrls", () => {
  const app = new Hono();
  app.use(refuseNulInUrls());
  app.get("*", (c) => c.text("page"));

  it("answers 400 to a NUL in the path or the query, and lets everything else through", async () => {
    for (const path of ["/orders/%00", "/admin/emails?to=a%00b", "/x?q=%00"])
      expect((await app.request(path)).status, path).toBe(400);
    for (const path of ["/orders/abc", "/search?q=100%25", "/x?q=%2500", "/products?page=100"])
      expect((await app.request(path)).status, path).toBe(200);
  });
});
