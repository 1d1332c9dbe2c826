import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { routePattern } from "./route-pattern.ts";

/** A server build's route manifest as React Router writes it (only the fields matching reads). */
function buildWith(routes: { id: string; parentId?: string; path?: string; index?: boolean }[]) {
  return { routes: Object.fromEntries(routes.map((r) => [r.id, r])) } as unknown as ServerBuild;
}

const shop = buildWith([
  { id: "root", path: "" },
  { id: "home", parentId: "root", index: true },
  { id: "product", parentId: "root", path: "product/:slug" },
  { id: "order", parentId: "root", path: "orders/:id" },
  { id: "missing", parentId: "root", path: "*" },
]);

describe("the route pattern of a request (the metrics label)", () => {
  it("names the matched route, never the path itself", () => {
    expect(routePattern(shop, "/product/gold-resin")).toBe("/product/:slug");
    expect(routePattern(shop, "/product/gold-resin.data")).toBe("/product/:slug");
    expect(routePattern(shop, "/_root.data")).toBe("/");
    expect(routePattern(shop, "/no/such/page")).toBe("/*");
  });

  it("stays right for paths it remembered, past its bound, and per build", () => {
    for (let i = 0; i < 6_000; i++) expect(routePattern(shop, `/orders/${i}`)).toBe("/orders/:id");
    expect(routePattern(shop, "/orders/1")).toBe("/orders/:id");
    const other = buildWith([
      { id: "root", path: "" },
      { id: "p", parentId: "root", path: "orders/:orderId/ship" },
      { id: "missing", parentId: "root", path: "*" },
    ]);
    expect(routePattern(other, "/orders/1")).toBe("/*");
    expect(routePattern(shop, "/orders/1")).toBe("/orders/:id");
  });
});
