import { describe, expect, it } from "vitest";
import { csvRow } from "../../core/text/csv.ts";
import { readCsvRecords } from "../csv-import/csv-records.ts";
import { htmlToText, textToHtml } from "./html-text.ts";
import { shopifyDrafts } from "./shopify-format.ts";

async function all<T>(items: AsyncIterable<T>) {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

describe("readCsvRecords", () => {
  it("reads a BOM, CRLF, quoted commas, doubled quotes and line breaks inside quotes", async () => {
    const file = '\uFEFFHandle,Title,Body (HTML)\r\na,"Resin, ""Gold""","line 1\r\nline 2"\r\nb,Plain,\r\n';
    const records = await all(readCsvRecords([file]));
    expect(records).toEqual([
      { row: 2, cells: { Handle: "a", Title: 'Resin, "Gold"', "Body (HTML)": "line 1\r\nline 2" } },
      { row: 3, cells: { Handle: "b", Title: "Plain", "Body (HTML)": "" } },
    ]);
  });

  it("takes back the apostrophe our exports put before formulas", async () => {
    const exported = `Handle,Title,Tags\r\n${csvRow(["x", "=SUM(1)", "a, -b"])}`;
    const [record] = await all(readCsvRecords([exported]));
    expect(record!.cells).toEqual({ Handle: "x", Title: "=SUM(1)", Tags: "a, -b" });
  });

  it("streams: 10,000 products are read as the consumer asks, not the whole file first", async () => {
    let pulled = 0;
    const PRODUCTS = 10_000;
    async function* source() {
      yield "Handle,Title,Option1 Name,Option1 Value,Variant SKU,Variant Price\n";
      for (let i = 0; i < PRODUCTS; i++) {
        pulled++;
        yield `p-${i},"Product ${i}",Size,30g,S-${i}-A,1.00\np-${i},,,50g,S-${i}-B,2.00\n`;
      }
    }
    let seen = 0;
    for await (const draft of shopifyDrafts(readCsvRecords(source()))) {
      // Only the streams' buffers (some 16 KB each) are read ahead: a few hundred of 10,000 products.
      if (seen === 0) expect(pulled, "source chunks read when the first product is ready").toBeLessThan(500);
      if (seen === 5_000) expect(pulled, "read ahead halfway through").toBeLessThan(5_500);
      expect(draft.variants).toHaveLength(2);
      seen++;
    }
    expect(seen).toBe(PRODUCTS);
  });
});

describe("HTML bodies", () => {
  it("keep words, paragraphs, breaks and list items; drop every tag, script and handler", () => {
    expect(
      htmlToText(
        '<h2>Use</h2><p>One&nbsp;&amp; two<br/>three</p><script>alert(1)</script><style>p{}</style><ul><li onclick="x()">A</li><li><a href="javascript:alert(2)">B</a></li></ul><iframe src="//evil"></iframe>',
      ),
    ).toBe("Use\n\nOne & two\nthree\n\n- A\n- B");
  });

  it("round-trip through Shopify's Body (HTML)", () => {
    const text = 'First line\nsecond <line> & "quotes"\n\nNew paragraph';
    expect(textToHtml(text)).toBe(
      "<p>First line<br>second &lt;line&gt; &amp; &quot;quotes&quot;</p><p>New paragraph</p>",
    );
    expect(htmlToText(textToHtml(text))).toBe(text);
  });
});
