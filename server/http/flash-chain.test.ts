import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { keepToastsThroughRedirect, readFlashToast, redirectWithToast } from "./flash.ts";

/** The Cookie header a browser sends back after these Set-Cookie headers. */
const cookieFrom = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
const requestWith = (cookie: string) =>
  new Request("http://shop.test/checkout", { headers: { Cookie: cookie } });

const paymentError = {
  title: "Payment Error",
  description: "No payment session found. Please contact support.",
  variant: "destructive",
} as const;

describe("flash toasts through a chain of redirects", () => {
  it("keeps the first redirect's toast when the next redirect sets its own", async () => {
    const first = await redirectWithToast("/checkout", paymentError);
    const second = await redirectWithToast("/products", { title: "Cart is empty" });
    const kept = await keepToastsThroughRedirect(requestWith(cookieFrom(first.headers)), second);
    expect(kept.status).toBe(302);
    expect(kept.headers.get("Location")).toBe("/products");
    expect(kept.headers.getSetCookie().filter((c) => c.startsWith("flash-toast="))).toHaveLength(1);
    const { toasts } = await readFlashToast(requestWith(cookieFrom(kept.headers)));
    expect(toasts.map(({ title, description }) => ({ title, description }))).toEqual([
      { title: "Payment Error", description: "No payment session found. Please contact support." },
      { title: "Cart is empty", description: undefined },
    ]);
  });

  it("carries toasts through a redirect that adds none, keeps its other cookies, shows each once", async () => {
    const first = await redirectWithToast("/checkout", paymentError);
    const plain = new Response(null, { status: 302, headers: { Location: "/next" } });
    plain.headers.append("Set-Cookie", "cart=abc; Path=/");
    const kept = await keepToastsThroughRedirect(requestWith(cookieFrom(first.headers)), plain);
    expect(kept.headers.getSetCookie()[0]).toBe("cart=abc; Path=/");
    const again = await keepToastsThroughRedirect(
      requestWith(cookieFrom(kept.headers)),
      await redirectWithToast("/products", paymentError),
    );
    const { toasts } = await readFlashToast(requestWith(cookieFrom(again.headers)));
    expect(toasts.map((t) => t.title)).toEqual(["Payment Error"]);
  });

  it("leaves pages and requests without pending toasts alone", async () => {
    const page = new Response("<p>ok</p>", { status: 200 });
    const first = await redirectWithToast("/checkout", paymentError);
    expect(await keepToastsThroughRedirect(requestWith(cookieFrom(first.headers)), page)).toBe(page);
    const redirect = await redirectWithToast("/products", { title: "Cart is empty" });
    expect(await keepToastsThroughRedirect(requestWith("other=1"), redirect)).toBe(redirect);
  });

  it("still reads the single toast a cookie held before chains were kept", async () => {
    const legacy = await createCookie("flash-toast").serialize({ title: "Old", variant: "default" });
    const { toast } = await readFlashToast(requestWith(legacy.split(";")[0]!));
    expect(toast?.title).toBe("Old");
  });
});
