import { describe, expect, it } from "vitest";
import { isCacheablePage, PageStore, PRODUCT_PAGE_TTL_MS } from "./page-cache.ts";

// The copies made on demand (brotli, the marked body) count too; none here, so sizes are the bodies'.
const page = (bytes: number) => ({
  body: new Uint8Array(bytes),
  headers: [],
  scriptHashes: [],
  etag: "",
});

describe("PageStore", () => {
  it("keeps at most maxEntries pages, dropping the least recently used", () => {
    const store = new PageStore({ maxEntries: 3, maxBytes: 1_000_000 });
    for (const key of ["/a", "/b", "/c"]) store.set(1, key, page(10));
    expect(store.get(1, "/a")).toBeDefined(); // /a is now the most recently used
    store.set(1, "/d", page(10));
    expect(store.get(1, "/b")).toBeUndefined();
    expect(store.get(1, "/a")).toBeDefined();
    expect(store.size).toEqual({ entries: 3, bytes: 30 });
  });

  it("holds the byte bound whatever a crawler asks for, and never keeps a page larger than it", () => {
    const store = new PageStore({ maxEntries: 1000, maxBytes: 1000 });
    for (let i = 0; i < 500; i++) store.set(1, `/products?q=${i}`, page(300));
    expect(store.size.bytes).toBeLessThanOrEqual(1000);
    expect(store.size.entries).toBe(3);
    store.set(1, "/huge", page(1001));
    expect(store.get(1, "/huge")).toBeUndefined();
  });

  it("renders a product page again once its copy has expired (its view count moves)", () => {
    const store = new PageStore({ maxEntries: 10, maxBytes: 1000 });
    const now = 1_000_000;
    store.set(1, "/product/x", { ...page(10), viewedProductId: "p", expiresAt: now + PRODUCT_PAGE_TTL_MS });
    store.set(1, "/", page(10));
    expect(store.get(1, "/product/x", now + PRODUCT_PAGE_TTL_MS - 1)?.viewedProductId).toBe("p");
    expect(store.get(1, "/product/x", now + PRODUCT_PAGE_TTL_MS)).toBeUndefined();
    expect(store.size).toEqual({ entries: 1, bytes: 10 });
    expect(store.get(1, "/", now + 3_600_000)).toBeDefined();
  });

  it("drops every page when the storefront version moves on, and ignores renders of an older one", () => {
    const store = new PageStore({ maxEntries: 10, maxBytes: 1000 });
    store.set(1, "/", page(10));
    expect(store.get(2, "/")).toBeUndefined();
    store.set(2, "/blog", page(10));
    expect(store.size).toEqual({ entries: 1, bytes: 10 });
    store.set(1, "/", page(10));
    expect(store.get(1, "/")).toBeUndefined();
    expect(store.get(2, "/blog")).toBeDefined();
  });
});

describe("PageStore.derived", () => {
  const html = (text: string) => ({ ...page(0), body: new TextEncoder().encode(`<head></head>${text}`) });

  it("makes a page's marked copy only when asked, once, and counts it from then on", () => {
    const store = new PageStore({ maxEntries: 10, maxBytes: 100_000 });
    const entry = html("x".repeat(1000));
    store.set(1, "/", entry);
    expect(store.size.bytes).toBe(entry.body.byteLength);
    const marked = store.derived("/", entry, "marked");
    expect(new TextDecoder().decode(marked)).toContain("</head>x");
    expect(marked.byteLength).toBeGreaterThan(entry.body.byteLength);
    expect(store.derived("/", entry, "marked")).toBe(marked);
    expect(store.size.bytes).toBe(entry.body.byteLength + marked.byteLength);
  });

  it("holds the byte bound as copies are made, dropping the least recently used page", () => {
    const first = html("a".repeat(400));
    const second = html("b".repeat(400));
    const store = new PageStore({ maxEntries: 10, maxBytes: 1000 });
    store.set(1, "/a", first);
    store.set(1, "/b", second);
    store.derived("/b", second, "marked");
    expect(store.get(1, "/a")).toBeUndefined();
    expect(store.size.bytes).toBeLessThanOrEqual(1000);
    expect(store.get(1, "/b")).toBe(second);
  });

  it("does not count a copy of a page that is no longer stored", () => {
    const store = new PageStore({ maxEntries: 1, maxBytes: 100_000 });
    const gone = html("old");
    store.set(1, "/old", gone);
    store.set(1, "/new", page(10));
    store.derived("/old", gone, "brotli");
    expect(store.size).toEqual({ entries: 1, bytes: 10 });
  });
});

describe("isCacheablePage", () => {
  it("takes content and product pages and leaves cart, account, admin and data requests out", () => {
    for (const path of ["/", "/about", "/blog", "/blog/some-post", "/products", "/product/x", "/products/x"])
      expect(isCacheablePage(path)).toBe(true);
    for (const path of [
      "/cart",
      "/checkout",
      "/account",
      "/admin",
      "/blog.data",
      "/product/x.data",
      "/products/x.data",
      "/product/x/more",
    ])
      expect(isCacheablePage(path)).toBe(false);
  });
});
