import { describe, expect, it } from "vitest";
import { createBlogPost } from "../factories/content.ts";
import { setupTarget } from "./support.ts";

// Demo data (four products, published posts) plus one draft. /search is public and read-only.
const target = setupTarget({
  prepare: async (db) => {
    await createBlogPost(db, {
      title: "Quasar launch plans",
      slug: "quasar-launch-plans",
      content: "Unannounced quasar product.",
      published: false,
    });
  },
});

const search = (query: string) => target.visitor().get(`/search?${query}`);
const leaked = /at \w+ \(|node_modules|syntax error|tsquery/i;

describe("/search from an attacker", () => {
  it("treats tsquery syntax, SQL and markup as text: never a 500, markup escaped", async () => {
    const hostile = [
      "q=shilajit%20%26%20!resin",
      "q=drops%3A*%20%7C%20resin",
      "q=%27%3B%20drop%20table%20products%3B%20--",
      "q=%5C",
      "q=((((",
      "q=%3C-%3E",
      "q[]=a&q[]=b",
      "q=a&q=b",
      "q=%00",
      "q=%ED%A0%80",
      "q=%",
    ];
    for (const query of hostile) {
      const response = await search(query);
      expect(response.status, query).toBe(200);
      expect(await response.text(), query).not.toMatch(leaked);
    }
    const xss = await (await search(`q=${encodeURIComponent('"><script>alert(1)</script>')}`)).text();
    expect(xss).not.toContain("<script>alert(1)</script>");
  });

  it("never shows a draft post, whatever is typed", async () => {
    for (const q of ["quasar", "quas", "launch plans", "unannounced"]) {
      const html = await (await search(`q=${q}`)).text();
      expect(html, q).not.toContain("quasar-launch-plans");
      expect(html, q).not.toContain("Quasar launch plans");
    }
    expect(await (await search("q=quasar")).text()).toContain("Nothing matches");
  });

  it("answers a 10 KB and a 50 KB query quickly, with a message or a refusal, and keeps serving", async () => {
    for (const size of [101, 10_000, 50_000]) {
      const started = Date.now();
      const response = await search(`q=${"a".repeat(size)}`).catch(() => null);
      // Above Node's 16 KB header limit the server answers 431 (or drops the connection) itself.
      if (response && response.status !== 431) {
        expect(response.status, `${size}`).toBe(400);
        const html = await response.text();
        expect(html).toContain("Search for at most 100 characters.");
        expect(html).not.toContain("a".repeat(101));
      }
      expect(Date.now() - started, `${size}`).toBeLessThan(2000);
    }
    expect((await search("q=drops")).status).toBe(200);
  });

  it("gives ten searches at once the same answer, each rendered for its asker, never cached", async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => search("q=resin")));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    const bodies = await Promise.all(answers.map((r) => r.text()));
    for (const html of bodies) expect(html).toContain("/product/gold-grade-shilajit-resin");
    expect(answers.map((r) => r.headers.get("x-page-cache"))).toEqual(Array(10).fill(null));
    // Another visitor's search is never served from a copy of the first one.
    const other = await (await search("q=drops")).text();
    expect(other).toContain("/product/liquid-shilajit-drops");
    expect(other).not.toContain("/product/gold-grade-shilajit-resin");
  });
});

describe("/search/suggest from an attacker", () => {
  const suggest = (query: string) => target.visitor().get(`/search/suggest?${query}`);

  it("answers hostile and oversized input with an empty list, never a 500 or a draft", async () => {
    for (const query of [
      "q=%27%3B%20drop%20table%20products%3B%20--",
      "q=((((%3A*",
      "q[]=a&q[]=b",
      "q=%00",
      "q=%",
      `q=${"a".repeat(5_000)}`,
      "q=quasar",
    ]) {
      const response = await suggest(query);
      expect(response.status, query.slice(0, 40)).toBe(200);
      const body = await response.text();
      expect(body, query.slice(0, 40)).not.toMatch(leaked);
      expect(body).not.toContain("Quasar");
      expect(response.headers.get("cache-control")).toContain("no-store");
    }
  });

  it("limits one client's suggestions, with Retry-After, so the catalog cannot be read at the database's cost", async () => {
    const answers = [];
    for (let i = 0; i < 65; i++) answers.push(await suggest(`q=shilajit${i % 5}`));
    const refused = answers.filter((r) => r.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(Number(refused[0]!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(answers.filter((r) => r.status === 200).length).toBeLessThanOrEqual(60);
  });
});
