import { describe, expect, it } from "vitest";
import { setupTarget, type Visitor } from "../security/support.ts";

/**
 * HTTP caching over the wire (server/http/caching.ts): a CDN in front may keep what anonymous
 * visitors see, never what a visitor with a session, cart or flash toast sees.
 */
const target = setupTarget();
const productPath = "/product/pure-himalayan-shilajit-resin";

describe("HTTP caching", () => {
  it("caches hashed build assets for a year, immutable, without revalidation", async () => {
    const html = await (await target.visitor().get("/")).text();
    const assetPath = html.match(/\/assets\/[\w.-]+\.js/)?.[0];
    const asset = await target.visitor().get(assetPath!);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("lets shared caches keep an anonymous page, with an ETag answered by 304 while unchanged", async () => {
    const anonymous = target.visitor();
    const page = await anonymous.get(productPath);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("public, no-cache");
    expect(varyFields(page)).toContain("cookie");
    expect(page.headers.getSetCookie()).toEqual([]);
    const etag = page.headers.get("etag");
    expect(etag).toMatch(/^W\/".+"$/);
    expect(await page.text()).toContain("Pure Himalayan Shilajit");

    const again = await anonymous.get(productPath, { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(etag);

    const otherPage = await anonymous.get("/products", { headers: { "If-None-Match": etag! } });
    expect(otherPage.status).toBe(200);
    expect(otherPage.headers.get("etag")).not.toBe(etag);
  });

  it("answers unchanged images with 304", async () => {
    const html = await (await target.visitor().get(productPath)).text();
    const imagePath = html.match(/\/images\/\d+\/[\w.-]+\.webp/)?.[0];
    const image = await target.visitor().get(imagePath!);
    expect(image.status).toBe(200);
    expect(image.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const etag = image.headers.get("etag");
    expect(etag).toBeTruthy();
    const again = await target.visitor().get(imagePath!, { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
  });

  it("keeps every page of a visitor with a cart private, even when they send the anonymous ETag", async () => {
    const anonymousTag = (await target.visitor().get(productPath)).headers.get("etag")!;
    const shopper = target.visitor();
    await addToCart(shopper);
    expect(shopper.cookies.has("cart_id")).toBe(true);

    for (const path of [productPath, "/", "/cart"]) {
      const page = await shopper.get(path, { headers: { "If-None-Match": anonymousTag } });
      expect(page.status, path).toBe(200);
      expect(page.headers.get("cache-control"), path).toBe("private, no-cache");
      expect(varyFields(page), path).toContain("cookie");
      expect(page.headers.get("etag"), path).toBeNull();
    }
  });

  it("never lets a response that sets a cookie or shows a flash toast be cached publicly", async () => {
    const visitor = target.visitor();
    const added = await addToCart(visitor);
    expect(added.headers.getSetCookie().length).toBeGreaterThan(0);
    expect(added.headers.get("cache-control")).toBe("private, no-cache");

    // An empty cart's checkout redirects with a flash toast, shown on the next page.
    const empty = target.visitor();
    const redirect = await empty.get("/checkout");
    expect(redirect.status).toBe(302);
    expect(redirect.headers.getSetCookie().some((c) => c.startsWith("flash-toast="))).toBe(true);
    expect(redirect.headers.get("cache-control")).toBe("private, no-cache");
    const withToast = await empty.get(redirect.headers.get("location")!);
    expect(await withToast.text()).toContain("Cart is empty");
    expect(withToast.headers.get("cache-control")).toBe("private, no-cache");
    expect(withToast.headers.get("etag")).toBeNull();
  });

  it("compresses pages with brotli or gzip as the client asks", async () => {
    const plain = await (
      await target.visitor().get(productPath, { headers: { "Accept-Encoding": "identity" } })
    ).text();
    for (const encoding of ["br", "gzip"]) {
      const page = await target.visitor().get(productPath, { headers: { "Accept-Encoding": encoding } });
      expect(page.headers.get("content-encoding")).toBe(encoding);
      expect(varyFields(page)).toContain("accept-encoding");
      expect(await page.text()).toBe(plain);
    }
  });
});

async function addToCart(visitor: Visitor) {
  const html = await (await visitor.get(productPath)).text();
  const productId = html.match(/name="productId" value="([\w-]+)"/)?.[1];
  expect(productId).toBeTruthy();
  return visitor.postForm("/cart", {
    intent: "add",
    productId: productId!,
    quantity: "1",
    redirectTo: productPath,
  });
}

function varyFields(response: Response) {
  return (response.headers.get("vary") ?? "").toLowerCase().split(/\s*,\s*/);
}
