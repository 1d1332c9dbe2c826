/**
 * Imports a generated Shopify product CSV of 10,000 products (3 variants and 2 image rows each,
 * multi-line HTML bodies) into an empty embedded database, reading it from a file stream, and
 * prints the file size, the time and the peak RSS: the import holds one product at a time, so the
 * peak does not grow with the file (docs/performance.md).
 *   npm run bench:catalog-import [-- --products 10000]
 */
import "./support/env.ts";
import { once } from "node:events";
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { csvRow } from "../core/text/csv.ts";
import { importCatalogCsv } from "../server/catalog-csv/import-catalog.ts";
import { SHOPIFY_PRODUCT_HEADER } from "../server/catalog-csv/shopify-format.ts";
import { openDatabase } from "../server/db/client.ts";

const { values } = parseArgs({ options: { products: { type: "string", default: "10000" } } });
const count = Number(values.products);
const dir = mkdtempSync(path.join(os.tmpdir(), "catalog-bench-"));
const file = path.join(dir, "products.csv");

async function writeFile() {
  const out = createWriteStream(file);
  const write = async (cells: Record<string, string>) => {
    if (!out.write(csvRow(SHOPIFY_PRODUCT_HEADER.map((c) => cells[c] ?? "")))) await once(out, "drain");
  };
  out.write(csvRow(SHOPIFY_PRODUCT_HEADER));
  for (let i = 0; i < count; i++) {
    const handle = `bench-product-${i}`;
    for (const [n, size] of ["30g", "50g", "100g"].entries()) {
      await write({
        Handle: handle,
        ...(n === 0 && {
          Title: `Bench Product ${i}, "resin"`,
          "Body (HTML)": `<p>Batch ${i}, lab tested.</p>\n<ul><li>Pure</li><li>Vegan</li></ul>\n<p>${"Long text. ".repeat(30)}</p>`,
          Tags: "bench, resin",
          "Option1 Name": "Size",
          Status: "active",
        }),
        "Option1 Value": size,
        "Variant SKU": `B-${i}-${size}`,
        "Variant Price": `${20 + n * 10}.00`,
        "Variant Inventory Tracker": "shopify",
        "Variant Inventory Qty": "10",
        "Image Src": n < 2 ? `https://cdn.example.com/${handle}-${n}.jpg` : "",
        "Image Position": n < 2 ? String(n + 1) : "",
      });
    }
  }
  out.end();
  await once(out, "finish");
}

async function main() {
  await writeFile();
  const size = statSync(file).size;
  const database = await openDatabase({ dataDir: path.join(dir, "db") });
  await database.migrate();
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const rssBefore = process.memoryUsage().rss;
  const started = performance.now();
  const report = await importCatalogCsv(database.db, createReadStream(file), { apply: true });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  console.log(
    `${count} products, file ${(size / 1e6).toFixed(1)} MB: created ${report.counts.created}, refused ${report.counts.refused} in ${seconds.toFixed(0)} s (${(count / seconds).toFixed(0)} products/s); RSS before ${(rssBefore / 1e6).toFixed(0)} MB, peak ${(peak / 1e6).toFixed(0)} MB`,
  );
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
