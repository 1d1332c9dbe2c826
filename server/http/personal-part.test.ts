import { describe, expect, it } from "vitest";
import { PERSONAL_PART_MARKUP } from "../../core/personal-part.ts";
import { markedForPersonalPart, wantsSharedCopy } from "./personal-part.ts";

const bytes = (text: string) => new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>;
const text = (body: Uint8Array) => new TextDecoder().decode(body);
const request = (method: string, cookie?: string) =>
  new Request("http://shop.test/", { method, headers: cookie ? { Cookie: cookie } : {} });

describe("markedForPersonalPart", () => {
  it("inserts the mark right before </head> and nowhere else", () => {
    const html = "<html><head><title>x</title></head><body>a</head>-in-text</body></html>";
    expect(text(markedForPersonalPart(bytes(html)))).toBe(
      `<html><head><title>x</title>${PERSONAL_PART_MARKUP}</head><body>a</head>-in-text</body></html>`,
    );
  });

  it("leaves a body without a head as it is", () => {
    expect(text(markedForPersonalPart(bytes("<p>fragment</p>")))).toBe("<p>fragment</p>");
  });
});

describe("wantsSharedCopy", () => {
  it("takes page reads with cookies, but not a flash toast's page, a post or a visitor without cookies", () => {
    expect(wantsSharedCopy(request("GET", "better-auth.session_token=abc"))).toBe(true);
    expect(wantsSharedCopy(request("HEAD", "cart_id=1"))).toBe(true);
    expect(wantsSharedCopy(request("GET", "cart_id=1; flash-toast=xyz"))).toBe(false);
    expect(wantsSharedCopy(request("GET", "not-flash-toast=1"))).toBe(true);
    expect(wantsSharedCopy(request("POST", "cart_id=1"))).toBe(false);
    expect(wantsSharedCopy(request("GET"))).toBe(false);
  });
});
