import { describe, expect, it } from "vitest";
import { setupTarget } from "./support.ts";

// Demo data: four products. /products takes ?q, ?sort and ?page from anyone.
const target = setupTarget();

const products = (query: string) => target.visitor().get(`/products?${query}`);

describe("/products query string from an attacker", () => {
  it("never answers 500 to hostile page and sort values", async () => {
    const hostile = [
      "page=1%27%20or%201=1--",
      "page=99999999999999999999",
      "page=-99999999999",
      "page=NaN",
      "page=Infinity",
      "page=0x10",
      "page=1&page=2",
      "sort=name;drop%20table%20products",
      "sort[]=x",
      "sort=__proto__",
      "q[]=a&q[]=b",
    ];
    for (const query of hostile) {
      const response = await products(query);
      expect([200, 404], query).toContain(response.status);
      expect(await response.text(), query).not.toMatch(/at \w+ \(|node_modules|syntax error/);
    }
  });

  it("treats a search as text: SQL and LIKE patterns match nothing, markup is escaped", async () => {
    for (const q of ["' or '1'='1", "%", "_", "\\", "%' --", "Resin%' or name like '%"]) {
      const response = await products(`q=${encodeURIComponent(q)}`);
      expect(response.status, q).toBe(200);
      const html = await response.text();
      expect(html, q).toContain("No products match");
      expect(html, q).not.toContain("/product/gold-grade-shilajit-resin");
    }
    const xss = await (await products(`q=${encodeURIComponent('"><script>alert(1)</script>')}`)).text();
    expect(xss).not.toContain("<script>alert(1)</script>");
  });

  it("cuts a huge search to 100 characters instead of scanning with it", async () => {
    const response = await products(`q=${"a".repeat(5_000)}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`value="${"a".repeat(100)}"`);
    expect(html).not.toContain("a".repeat(101));
  });
});

describe("collection and tag filters from an attacker", () => {
  it("match nothing for SQL, patterns, markup and huge values, never a 500", async () => {
    for (const value of [
      "' or '1'='1",
      "%",
      "resin%",
      "{resin}",
      "zz\u0000",
      "x".repeat(5_000),
      "resin' --",
    ]) {
      for (const name of ["collection", "tag"]) {
        const response = await products(`${name}=${encodeURIComponent(value)}`);
        expect(response.status, `${name}=${value}`).toBe(200);
        const html = await response.text();
        expect(html, `${name}=${value}`).toContain("No products match these filters.");
        expect(html, `${name}=${value}`).not.toContain("/product/gold-grade-shilajit-resin");
      }
    }
    const xss = encodeURIComponent('"><script>alert(1)</script>');
    for (const query of [`tag=${xss}`, `collection=${xss}`, "tag[]=x&collection[]=y"]) {
      const html = await (await products(query)).text();
      expect(html, query).not.toContain("<script>alert(1)</script>");
    }
  });

  it("answers an unknown or hostile collection page with 404", async () => {
    for (const slug of ["no-such", "%27%20or%201=1--", "..%2F..%2Fetc%2Fpasswd", "x".repeat(3_000), "%00"]) {
      const response = await target.visitor().get(`/collections/${slug}`);
      expect(response.status, slug).toBe(404);
      expect(await response.text(), slug).not.toMatch(/at \w+ \(|node_modules|syntax error/);
    }
    expect((await target.visitor().get("/collections/resin?sort=__proto__&page=-1")).status).toBe(200);
  });

  it("answers a hostile product address with 404, never a database error", async () => {
    for (const slug of ["%00", "gold%00resin", "x".repeat(3_000), "%27%20or%201=1--", "%E2%80%AE"]) {
      const response = await target.visitor().get(`/product/${slug}`);
      expect(response.status, slug).toBe(404);
      expect(await response.text(), slug).not.toMatch(/at \w+ \(|node_modules|syntax error/);
    }
    for (const path of ["/blog/%00", "/blog/a%00b", "/products/%00"]) {
      expect((await target.visitor().get(path)).status, path).toBe(404);
    }
    const variant = await target.visitor().get("/product/gold-grade-shilajit-resin?variant=%00");
    expect(variant.status).toBe(200);
  });
});
