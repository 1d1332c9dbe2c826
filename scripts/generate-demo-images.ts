/**
 * Draws the demo images (and one tiny demo video) from SVG with sharp and writes small WebP
 * files into server/seed/images/. Run once and commit the output; the seed only copies files,
 * so starting the shop never draws or downloads anything.
 *
 *   node --import tsx scripts/generate-demo-images.ts
 */
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { palettes } from "./demo-images/palettes.ts";
import { blogImage } from "./demo-images/scenes-blog.ts";
import { avatar, certificate, customerPhoto, partnerLogo, videoFrame } from "./demo-images/scenes-people.ts";
import { type ProductArt, productFront, productOpen, productResin } from "./demo-images/scenes-product.ts";
import { vp8FromWebp, webm } from "./demo-images/webm.ts";

const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "server", "db", "seed", "images");

async function webp(svgText: string, quality = 70): Promise<Buffer> {
  return sharp(Buffer.from(svgText)).flatten({ background: "#000" }).webp({ quality, effort: 6 }).toBuffer();
}

async function writeImage(
  name: string,
  svgText: string,
  options: { quality?: number; alpha?: boolean } = {},
) {
  const image = sharp(Buffer.from(svgText));
  const buffer = options.alpha
    ? await image.webp({ quality: options.quality ?? 80, alphaQuality: 80, effort: 6 }).toBuffer()
    : await webp(svgText, options.quality ?? 70);
  writeFileSync(path.join(OUT, name), buffer);
}

const products: ProductArt[] = [
  { file: "pure-resin", palette: palettes.gold, line: "PURE HIMALAYAN RESIN", size: "30g", vessel: "jar" },
  { file: "gold-grade", palette: palettes.royal, line: "GOLD GRADE RESIN", size: "30g", vessel: "jar" },
  { file: "liquid-drops", palette: palettes.copper, line: "LIQUID DROPS", size: "30ml", vessel: "dropper" },
  { file: "summit-reserve", palette: palettes.silver, line: "SUMMIT RESERVE", size: "30ml", vessel: "jar" },
];

async function main() {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });

  for (const p of products) {
    await writeImage(`product-${p.file}-1.webp`, productFront(p));
    await writeImage(`product-${p.file}-2.webp`, productOpen(p));
    await writeImage(`product-${p.file}-3.webp`, productResin(p));
  }
  for (const kind of ["harvest", "tea", "lab", "fulvic", "routine"] as const) {
    await writeImage(`blog-${kind}.webp`, blogImage(kind), { quality: 68 });
  }
  await writeImage("avatar-maya.webp", avatar(["#6b4a2b", "#2b1d12"], "#c89a74", "#2a1a10"));
  await writeImage("avatar-daniel.webp", avatar(["#2b4a5a", "#122029"], "#e0b894", "#5a3a1a"));
  await writeImage("avatar-priya.webp", avatar(["#5a2b4a", "#22101d"], "#9a6a48", "#120a06"));
  await writeImage("testimonial-photo.webp", customerPhoto());
  await writeImage(
    "partner-summit-wellness.webp",
    partnerLogo("Summit Wellness", "NATURAL HEALTH STORES", "#2f6b4a", "peak"),
    { alpha: true },
  );
  await writeImage(
    "partner-alpine-apothecary.webp",
    partnerLogo("Alpine Apothecary", "HERBAL REMEDIES", "#7a5a2a", "leaf"),
    { alpha: true },
  );
  await writeImage(
    "partner-trailhead.webp",
    partnerLogo("Trailhead Nutrition", "FUEL FOR THE OUTDOORS", "#2b4a7a", "compass"),
    { alpha: true },
  );
  await writeImage("certificate-1.webp", certificate(1), { quality: 72 });
  await writeImage("certificate-2.webp", certificate(2), { quality: 72 });

  const captions = [
    "Day 1: a pea-sized piece in tea",
    "Week 2: steadier mornings",
    "Week 4: longer hikes",
    "Week 6: still on the trail",
  ];
  const frames = await Promise.all(captions.map((caption, i) => webp(videoFrame(i, caption), 60)));
  writeFileSync(path.join(OUT, "testimonial-video.webm"), webm(frames.map(vp8FromWebp), 640, 360, 1500));

  let total = 0;
  for (const name of readdirSync(OUT).sort()) {
    const size = statSync(path.join(OUT, name)).size;
    total += size;
    console.log(`${name.padEnd(40)} ${(size / 1024).toFixed(1).padStart(7)} KB`);
  }
  console.log(`${"total".padEnd(40)} ${(total / 1024).toFixed(1).padStart(7)} KB`);
}

await main();
