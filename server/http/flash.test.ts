import { describe, expect, it } from "vitest";
import { readFlashToast, redirectWithToast, setFlashToast } from "./flash.ts";

/** Turns Set-Cookie headers into the Cookie header a browser would send back. */
function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

function requestWithCookie(cookie: string | null) {
  return new Request("http://shop.test/", cookie ? { headers: { Cookie: cookie } } : {});
}

describe("flash toast cookie", () => {
  it("round-trips a toast and clears the cookie when read", async () => {
    const set = await setFlashToast(new Headers(), {
      title: "Order placed",
      description: "Thank you!",
      variant: "success",
    });
    const setCookie = set.get("Set-Cookie")!;
    expect(setCookie).toMatch(/^flash-toast=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/Max-Age=60/i);

    const { toast, headers } = await readFlashToast(requestWithCookie(cookieFrom(set)));
    expect(toast).toMatchObject({ title: "Order placed", description: "Thank you!", variant: "success" });
    expect(toast?.id).toEqual(expect.any(String));
    expect(headers.get("Set-Cookie")).toMatch(/^flash-toast=;.*Max-Age=0/i);
  });

  it("defaults the variant and survives a redirect", async () => {
    const response = await redirectWithToast("/orders", { title: "Signed out" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/orders");
    const { toast } = await readFlashToast(requestWithCookie(cookieFrom(response.headers)));
    expect(toast).toMatchObject({ title: "Signed out", variant: "default" });
    expect(toast).not.toHaveProperty("description");
  });

  it("returns nothing and sets no cookie when there is no toast", async () => {
    const { toast, headers } = await readFlashToast(requestWithCookie("other=1"));
    expect(toast).toBeNull();
    expect(headers.get("Set-Cookie")).toBeNull();
  });

  it("ignores and clears a tampered cookie", async () => {
    const { toast, headers } = await readFlashToast(requestWithCookie("flash-toast=bm90LWpzb24"));
    expect(toast).toBeNull();
    expect(headers.get("Set-Cookie")).toMatch(/Max-Age=0/i);
  });
});
