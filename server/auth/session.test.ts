import { describe, expect, it } from "vitest";
import type { RequestContext } from "../context.ts";
import { getSessionUser, requestSession } from "./session.ts";

/** A request context whose better-auth answers "signed out" and counts the lookups. */
function countingContext() {
  const lookups: Headers[] = [];
  const getSession = async ({ headers }: { headers: Headers }) => {
    lookups.push(headers);
    return { headers: new Headers(), response: null };
  };
  const context = { auth: { api: { getSession } }, log: { warn: () => {} } } as unknown as RequestContext;
  return { context, lookups };
}

describe("the session of a page load", () => {
  it("is looked up once for the layout's loader and the page's", async () => {
    const { context, lookups } = countingContext();
    const page = new Request("http://shop.test/orders", { headers: { Cookie: "session=abc" } });
    const [layout, user] = await Promise.all([requestSession(context, page), getSessionUser(context, page)]);
    expect(layout.response).toBeNull();
    expect(user).toBeNull();
    expect(lookups).toHaveLength(1);
    expect(lookups[0]!.get("Cookie")).toBe("session=abc");
  });

  it("is looked up afresh on a form post (its action may sign the customer in or out)", async () => {
    const { context, lookups } = countingContext();
    const post = new Request("http://shop.test/auth", { method: "POST" });
    await getSessionUser(context, post);
    await getSessionUser(context, post);
    expect(lookups).toHaveLength(2);
  });
});
