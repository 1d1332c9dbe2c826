/**
 * Draws the demo images (and one tiny demo video) from SVG with sharp and writes small WebP
 * files into server/db/seed/images/. Run once and commit the output; the seed only copies files,
 * so starting the shop never draws or downloads anything.
 *
 *   node --import tsx scripts/generate-demo-images.ts
 */
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "server", "db", "seed", "images");
const SERIF = "DejaVu Serif, Liberation Serif, serif";
const SANS = "DejaVu Sans, Liberation Sans, sans-serif";

type Palette = { glow: string; label: [string, string, string]; ink: string; sky: [string, string, string] };

const palettes = {
  gold: {
    glow: "#3a2c14",
    label: ["#b8893a", "#f1d38a", "#a8772c"],
    ink: "#1d1407",
    sky: ["#1b1f3a", "#b5653a", "#f2b66b"],
  },
  royal: {
    glow: "#2c2418",
    label: ["#8f6a1f", "#ffe39a", "#8a6418"],
    ink: "#140e04",
    sky: ["#0f1a2e", "#7a4b8c", "#f0a35e"],
  },
  copper: {
    glow: "#3b2115",
    label: ["#8c4a2b", "#e0a074", "#7e3f22"],
    ink: "#1a0c05",
    sky: ["#14202c", "#9a4f35", "#e8a070"],
  },
  silver: {
    glow: "#1e2428",
    label: ["#8d949a", "#eef1f3", "#7f868c"],
    ink: "#111417",
    sky: ["#0c1524", "#3f5d7a", "#c9d6e0"],
  },
} satisfies Record<string, Palette>;

// ---------------------------------------------------------------------------- helpers

function svg(width: number, height: number, body: string, defs = ""): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs}</defs>${body}</svg>`;
}

function esc(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function darkBackdrop(w: number, h: number, glow: string, id = "bg"): { defs: string; body: string } {
  return {
    defs: `<radialGradient id="${id}" cx="50%" cy="38%" r="75%"><stop offset="0" stop-color="${glow}"/><stop offset="0.55" stop-color="#120f0c"/><stop offset="1" stop-color="#070605"/></radialGradient>`,
    body: `<rect width="${w}" height="${h}" fill="url(#${id})"/>`,
  };
}

function mountains(w: number, h: number, baseY: number, colors: [string, string, string]): string {
  const [far, mid, near] = colors;
  const ridge = (y: number, amp: number, seed: number) => {
    const points: string[] = [`0,${h}`];
    for (let x = 0; x <= w; x += w / 12) {
      const wave =
        Math.sin((x / w) * Math.PI * 3 + seed) * amp +
        Math.sin((x / w) * Math.PI * 7 + seed * 2) * amp * 0.45;
      points.push(`${Math.round(x)},${Math.round(y - Math.abs(wave))}`);
    }
    points.push(`${w},${h}`);
    return points.join(" ");
  };
  return `<polygon points="${ridge(baseY - h * 0.12, h * 0.16, 1.3)}" fill="${far}"/>
    <polygon points="${ridge(baseY, h * 0.11, 0.2)}" fill="${mid}"/>
    <polygon points="${ridge(baseY + h * 0.12, h * 0.06, 2.4)}" fill="${near}"/>`;
}

function resinBlob(cx: number, cy: number, s: number): string {
  return `<path d="M${cx - s} ${cy} C${cx - s * 1.05} ${cy - s * 0.7} ${cx - s * 0.35} ${cy - s * 0.95} ${cx + s * 0.1} ${cy - s * 0.8}
      C${cx + s * 0.7} ${cy - s * 0.75} ${cx + s * 1.1} ${cy - s * 0.3} ${cx + s * 0.95} ${cy + s * 0.15}
      C${cx + s * 0.8} ${cy + s * 0.6} ${cx + s * 0.1} ${cy + s * 0.55} ${cx - s * 0.4} ${cy + s * 0.45}
      C${cx - s * 0.8} ${cy + s * 0.38} ${cx - s * 0.95} ${cy + s * 0.25} ${cx - s} ${cy} z" fill="url(#resin)"/>
    <ellipse cx="${cx - s * 0.25}" cy="${cy - s * 0.45}" rx="${s * 0.35}" ry="${s * 0.1}" fill="#fff" opacity="0.28" transform="rotate(-12 ${cx} ${cy})"/>
    <ellipse cx="${cx + s * 0.45}" cy="${cy - s * 0.2}" rx="${s * 0.12}" ry="${s * 0.05}" fill="#fff" opacity="0.35"/>`;
}

const resinGradient = `<radialGradient id="resin" cx="40%" cy="35%" r="70%"><stop offset="0" stop-color="#4a3220"/><stop offset="0.5" stop-color="#1d130b"/><stop offset="1" stop-color="#070403"/></radialGradient>`;

function labelDefs(p: Palette): string {
  return `<linearGradient id="label" x1="0" x2="1" y1="0" y2="0.2"><stop offset="0" stop-color="${p.label[0]}"/><stop offset="0.45" stop-color="${p.label[1]}"/><stop offset="1" stop-color="${p.label[2]}"/></linearGradient>
    <linearGradient id="glass" x1="0" x2="1"><stop offset="0" stop-color="#030303"/><stop offset="0.17" stop-color="#2b2723"/><stop offset="0.5" stop-color="#0d0b0a"/><stop offset="0.86" stop-color="#1e1b18"/><stop offset="1" stop-color="#030303"/></linearGradient>
    <linearGradient id="lid" x1="0" x2="1"><stop offset="0" stop-color="#0c0c0c"/><stop offset="0.2" stop-color="#3c3a38"/><stop offset="0.55" stop-color="#141414"/><stop offset="0.85" stop-color="#2e2c2a"/><stop offset="1" stop-color="#080808"/></linearGradient>`;
}

/** A jar label: mountain mark, brand, product line and size, in the palette's ink. */
function label(x: number, y: number, w: number, h: number, p: Palette, line: string, size: string): string {
  const cx = x + w / 2;
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#label)"/>
    <rect x="${x + 12}" y="${y + 12}" width="${w - 24}" height="${h - 24}" fill="none" stroke="${p.ink}" stroke-width="2" opacity="0.55"/>
    <path d="M${cx - 46} ${y + h * 0.3} l28 -36 l14 16 l20 -30 l30 50 z" fill="${p.ink}"/>
    <text x="${cx}" y="${y + h * 0.47}" font-family="${SERIF}" font-size="${h * 0.13}" font-weight="bold" fill="${p.ink}" text-anchor="middle" letter-spacing="6">PEAK</text>
    <text x="${cx}" y="${y + h * 0.61}" font-family="${SERIF}" font-size="${h * 0.1}" fill="${p.ink}" text-anchor="middle" letter-spacing="4">SHILAJIT</text>
    <line x1="${cx - w * 0.3}" x2="${cx + w * 0.3}" y1="${y + h * 0.68}" y2="${y + h * 0.68}" stroke="${p.ink}" stroke-width="2"/>
    <text x="${cx}" y="${y + h * 0.78}" font-family="${SANS}" font-size="${h * 0.062}" fill="${p.ink}" text-anchor="middle" letter-spacing="2">${esc(line)}</text>
    <text x="${cx}" y="${y + h * 0.89}" font-family="${SANS}" font-size="${h * 0.055}" font-weight="bold" fill="${p.ink}" text-anchor="middle" letter-spacing="3">${esc(size)}</text>`;
}

function jar(cx: number, top: number, scale: number, p: Palette, line: string, size: string): string {
  const w = 420 * scale;
  const x = cx - w / 2;
  const lidH = 120 * scale;
  const bodyTop = top + lidH - 20 * scale;
  const bodyH = 440 * scale;
  const ridges = Array.from({ length: 36 }, (_, i) => {
    const rx = x - 15 * scale + 8 * scale + i * 12.6 * scale;
    return `<line x1="${rx}" x2="${rx}" y1="${top + 10 * scale}" y2="${top + lidH - 10 * scale}" stroke="#000" stroke-width="${3 * scale}" opacity="0.35"/>`;
  }).join("");
  return `<ellipse cx="${cx}" cy="${bodyTop + bodyH + 5 * scale}" rx="${w * 0.62}" ry="${34 * scale}" fill="#000" opacity="0.6"/>
    <rect x="${x}" y="${bodyTop}" width="${w}" height="${bodyH}" rx="${48 * scale}" fill="url(#glass)"/>
    ${label(x, bodyTop + 90 * scale, w, 260 * scale, p, line, size)}
    <rect x="${x + 30 * scale}" y="${bodyTop + 14 * scale}" width="${24 * scale}" height="${bodyH - 40 * scale}" rx="${12 * scale}" fill="#fff" opacity="0.07"/>
    <rect x="${x - 15 * scale}" y="${top}" width="${w + 30 * scale}" height="${lidH}" rx="${22 * scale}" fill="url(#lid)"/>
    ${ridges}
    <rect x="${x - 15 * scale}" y="${top}" width="${w + 30 * scale}" height="${14 * scale}" rx="${7 * scale}" fill="#fff" opacity="0.08"/>`;
}

function dropperBottle(
  cx: number,
  top: number,
  scale: number,
  p: Palette,
  line: string,
  size: string,
): string {
  const w = 300 * scale;
  const x = cx - w / 2;
  const bodyTop = top + 250 * scale;
  const bodyH = 470 * scale;
  return `<linearGradient id="amber" x1="0" x2="1"><stop offset="0" stop-color="#1a0b02"/><stop offset="0.2" stop-color="#6b3510"/><stop offset="0.5" stop-color="#2c1404"/><stop offset="0.85" stop-color="#5a2c0c"/><stop offset="1" stop-color="#160901"/></linearGradient>
    <ellipse cx="${cx}" cy="${bodyTop + bodyH}" rx="${w * 0.65}" ry="${28 * scale}" fill="#000" opacity="0.6"/>
    <rect x="${x}" y="${bodyTop}" width="${w}" height="${bodyH}" rx="${40 * scale}" fill="url(#amber)"/>
    <rect x="${cx - 60 * scale}" y="${bodyTop - 50 * scale}" width="${120 * scale}" height="${70 * scale}" rx="${12 * scale}" fill="url(#amber)"/>
    <rect x="${cx - 70 * scale}" y="${bodyTop - 130 * scale}" width="${140 * scale}" height="${90 * scale}" rx="${14 * scale}" fill="url(#lid)"/>
    <rect x="${cx - 48 * scale}" y="${top}" width="${96 * scale}" height="${140 * scale}" rx="${48 * scale}" fill="#151312"/>
    <rect x="${cx - 34 * scale}" y="${top + 16 * scale}" width="${14 * scale}" height="${100 * scale}" rx="${7 * scale}" fill="#fff" opacity="0.08"/>
    ${label(x, bodyTop + 120 * scale, w, 250 * scale, p, line, size)}
    <rect x="${x + 22 * scale}" y="${bodyTop + 16 * scale}" width="${20 * scale}" height="${bodyH - 50 * scale}" rx="${10 * scale}" fill="#fff" opacity="0.08"/>`;
}

// ---------------------------------------------------------------------------- scenes

type ProductArt = { file: string; palette: Palette; line: string; size: string; vessel: "jar" | "dropper" };

function productFront(a: ProductArt): string {
  const bg = darkBackdrop(1000, 1000, a.palette.glow);
  const body =
    a.vessel === "jar"
      ? jar(500, 250, 1, a.palette, a.line, a.size)
      : dropperBottle(500, 120, 1.05, a.palette, a.line, a.size);
  return svg(1000, 1000, bg.body + body, bg.defs + labelDefs(a.palette));
}

/** Three-quarter view: open jar showing the glossy resin, the lid and a small gold spoon. */
function productOpen(a: ProductArt): string {
  const bg = darkBackdrop(1000, 1000, a.palette.glow);
  const p = a.palette;
  if (a.vessel === "dropper") {
    // Dropper above a glass of water with a dark swirl dissolving.
    const body = `<rect x="360" y="520" width="280" height="330" rx="18" fill="#cfd8dc" opacity="0.12"/>
      <rect x="372" y="600" width="256" height="238" rx="12" fill="#9fb4bf" opacity="0.18"/>
      <path d="M420 700 C470 650 540 760 590 700 C560 780 450 760 420 700 z" fill="#3a220f" opacity="0.7"/>
      <path d="M450 740 C500 700 530 790 570 745" stroke="#6b3b17" stroke-width="10" fill="none" opacity="0.6"/>
      <ellipse cx="500" cy="862" rx="190" ry="22" fill="#000" opacity="0.6"/>
      <rect x="480" y="160" width="40" height="250" rx="14" fill="#d9e2e6" opacity="0.35"/>
      <rect x="470" y="90" width="60" height="90" rx="28" fill="#151312"/>
      <path d="M500 430 C490 450 488 462 500 470 C512 462 510 450 500 430 z" fill="#3b220e"/>
      <path d="M500 520 C492 535 490 545 500 551 C510 545 508 535 500 520 z" fill="#3b220e" opacity="0.8"/>
      <text x="500" y="960" font-family="${SANS}" font-size="30" fill="${p.label[1]}" text-anchor="middle" letter-spacing="6" opacity="0.8">A FEW DROPS IN WATER OR TEA</text>`;
    return svg(1000, 1000, bg.body + body, bg.defs);
  }
  const body = `<ellipse cx="520" cy="820" rx="260" ry="30" fill="#000" opacity="0.6"/>
    <rect x="350" y="470" width="340" height="340" rx="40" fill="url(#glass)"/>
    ${label(350, 560, 340, 200, p, a.line, a.size)}
    <ellipse cx="520" cy="470" rx="170" ry="50" fill="#1c1a18"/>
    <ellipse cx="520" cy="472" rx="152" ry="40" fill="url(#resin)"/>
    <ellipse cx="480" cy="458" rx="60" ry="9" fill="#fff" opacity="0.3"/>
    <ellipse cx="585" cy="480" rx="24" ry="5" fill="#fff" opacity="0.25"/>
    <g transform="rotate(-18 230 700)"><rect x="120" y="640" width="230" height="90" rx="20" fill="url(#lid)"/><ellipse cx="235" cy="640" rx="115" ry="22" fill="#2a2826"/></g>
    <linearGradient id="spoon" x1="0" x2="1"><stop offset="0" stop-color="${p.label[0]}"/><stop offset="0.5" stop-color="${p.label[1]}"/><stop offset="1" stop-color="${p.label[2]}"/></linearGradient>
    <g transform="rotate(24 760 720)"><rect x="740" y="560" width="18" height="240" rx="9" fill="url(#spoon)"/><ellipse cx="749" cy="560" rx="36" ry="48" fill="url(#spoon)"/>${resinBlob(749, 560, 22)}</g>`;
  return svg(1000, 1000, bg.body + body, bg.defs + labelDefs(p) + resinGradient);
}

/** Raw resin on slate under a dusk sky over the Himalaya. */
function productResin(a: ProductArt): string {
  const [top, mid, low] = a.palette.sky;
  const defs = `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="0.6" stop-color="${mid}"/><stop offset="1" stop-color="${low}"/></linearGradient>
    <radialGradient id="slate" cx="50%" cy="30%" r="70%"><stop offset="0" stop-color="#4a4d52"/><stop offset="1" stop-color="#1a1b1e"/></radialGradient>${resinGradient}`;
  const body = `<rect width="1000" height="1000" fill="url(#sky)"/>
    <circle cx="720" cy="330" r="60" fill="#fff3d6" opacity="0.55"/>
    ${mountains(1000, 1000, 620, ["#2b2f45", "#1c1f30", "#111320"])}
    <ellipse cx="500" cy="860" rx="520" ry="200" fill="url(#slate)"/>
    ${resinBlob(470, 790, 150)}
    ${resinBlob(720, 840, 60)}
    ${resinBlob(300, 870, 45)}`;
  return svg(1000, 1000, body, defs);
}

function blogImage(kind: "harvest" | "tea" | "lab" | "fulvic" | "routine"): string {
  const w = 1200;
  const h = 630;
  switch (kind) {
    case "harvest":
      return svg(
        w,
        h,
        `<rect width="${w}" height="${h}" fill="url(#sky)"/><circle cx="860" cy="250" r="70" fill="#ffe7b0" opacity="0.8"/>${mountains(w, h, 420, ["#5b4a6b", "#3a2f4a", "#211a2c"])}
        <text x="80" y="560" font-family="${SANS}" font-size="34" fill="#f6e7c1" letter-spacing="8" opacity="0.9">ABOVE 16,000 FT</text>`,
        `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#243a63"/><stop offset="0.55" stop-color="#d7875a"/><stop offset="1" stop-color="#f6c27a"/></linearGradient>`,
      );
    case "tea": {
      const steam = [0, 1, 2]
        .map(
          (i) =>
            `<path d="M${560 + i * 40} 250 C${540 + i * 40} 210 ${590 + i * 40} 180 ${565 + i * 40} 130" stroke="#fff" stroke-width="6" fill="none" opacity="0.18"/>`,
        )
        .join("");
      return svg(
        w,
        h,
        `<rect width="${w}" height="${h}" fill="url(#wood)"/>
        <rect y="470" width="${w}" height="160" fill="#2a1a10"/>
        <ellipse cx="600" cy="500" rx="210" ry="36" fill="#000" opacity="0.45"/>
        <path d="M430 280 h340 v160 a70 70 0 0 1 -70 70 h-200 a70 70 0 0 1 -70 -70 z" fill="#e9e2d6"/>
        <path d="M770 320 a55 55 0 0 1 0 110" stroke="#e9e2d6" stroke-width="22" fill="none"/>
        <ellipse cx="600" cy="282" rx="170" ry="26" fill="#5a3416"/>
        <path d="M520 282 C560 262 640 300 690 278" stroke="#2a1608" stroke-width="8" fill="none" opacity="0.7"/>
        ${steam}
        <g transform="rotate(-10 930 480)"><rect x="860" y="470" width="200" height="16" rx="8" fill="#c9a45c"/><ellipse cx="860" cy="478" rx="44" ry="26" fill="#c9a45c"/>${resinBlob(860, 474, 24)}</g>`,
        `<linearGradient id="wood" x1="0" x2="1"><stop offset="0" stop-color="#1b120c"/><stop offset="0.5" stop-color="#3b2719"/><stop offset="1" stop-color="#1b120c"/></linearGradient>${resinGradient}`,
      );
    }
    case "lab": {
      const tubes = [0, 1, 2, 3, 4]
        .map(
          (i) =>
            `<rect x="${700 + i * 70}" y="200" width="36" height="240" rx="18" fill="#dfe9ee" opacity="0.25"/><rect x="${703 + i * 70}" y="${300 + (i % 3) * 30}" width="30" height="${137 - (i % 3) * 30}" rx="15" fill="${["#7a4a1c", "#a8742e", "#5a3412"][i % 3]}"/>`,
        )
        .join("");
      return svg(
        w,
        h,
        `<rect width="${w}" height="${h}" fill="url(#lab)"/>
        <rect y="440" width="${w}" height="190" fill="#c9d3d8"/>
        <path d="M250 140 h80 v120 l110 170 a30 30 0 0 1 -26 46 h-248 a30 30 0 0 1 -26 -46 l110 -170 z" fill="#eef4f6" opacity="0.55"/>
        <path d="M196 380 h188 l46 70 a14 14 0 0 1 -12 20 h-256 a14 14 0 0 1 -12 -20 z" fill="#8a5522"/>
        <rect x="650" y="430" width="400" height="22" rx="6" fill="#7d8b92"/>
        ${tubes}
        <text x="80" y="590" font-family="${SANS}" font-size="30" fill="#334249" letter-spacing="6">THIRD-PARTY LAB TESTED</text>`,
        `<linearGradient id="lab" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f4f8fa"/><stop offset="1" stop-color="#d8e3e8"/></linearGradient>`,
      );
    }
    case "fulvic": {
      const nodes: [number, number][] = [
        [260, 200],
        [380, 140],
        [500, 200],
        [500, 330],
        [380, 400],
        [260, 330],
        [620, 140],
        [740, 200],
        [740, 330],
        [620, 400],
        [860, 140],
        [980, 210],
      ];
      const links = [
        [0, 1],
        [1, 2],
        [2, 3],
        [3, 4],
        [4, 5],
        [5, 0],
        [2, 6],
        [6, 7],
        [7, 8],
        [8, 9],
        [9, 3],
        [7, 10],
        [10, 11],
      ]
        .map(([a, b]) => {
          const [x1, y1] = nodes[a!]!;
          const [x2, y2] = nodes[b!]!;
          return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="#d8b46a" stroke-width="6" opacity="0.8"/>`;
        })
        .join("");
      const dots = nodes
        .map(
          ([x, y], i) =>
            `<circle cx="${x}" cy="${y}" r="${i % 4 === 0 ? 22 : 15}" fill="${i % 4 === 0 ? "#f3d58e" : "#b8893a"}"/>`,
        )
        .join("");
      return svg(
        w,
        h,
        `<rect width="${w}" height="${h}" fill="url(#bg)"/>${links}${dots}
        <text x="80" y="560" font-family="${SERIF}" font-size="54" fill="#f3d58e">Fulvic acid</text>
        <text x="80" y="600" font-family="${SANS}" font-size="24" fill="#cbb78a" letter-spacing="4">NATURE'S NUTRIENT CARRIER</text>`,
        `<radialGradient id="bg" cx="60%" cy="35%" r="80%"><stop offset="0" stop-color="#2d2416"/><stop offset="1" stop-color="#0a0806"/></radialGradient>`,
      );
    }
    case "routine": {
      const cells = Array.from({ length: 28 }, (_, i) => {
        const x = 300 + (i % 7) * 90;
        const y = 190 + Math.floor(i / 7) * 90;
        const done = i < 19;
        return `<rect x="${x}" y="${y}" width="76" height="76" rx="12" fill="${done ? "#3a2c14" : "#1b1815"}" stroke="#6b5a3a"/>${done ? `<path d="M${x + 20} ${y + 40} l12 12 l24 -26" stroke="#f1d38a" stroke-width="7" fill="none"/>` : ""}`;
      }).join("");
      return svg(
        w,
        h,
        `<rect width="${w}" height="${h}" fill="#0f0d0b"/>
        <text x="600" y="140" font-family="${SERIF}" font-size="48" fill="#f1d38a" text-anchor="middle">30 days of shilajit</text>${cells}`,
      );
    }
  }
}

function avatar(bg: [string, string], skin: string, hair: string): string {
  return svg(
    256,
    256,
    `<rect width="256" height="256" fill="url(#a)"/>
    <path d="M48 256 C56 196 92 172 128 172 C164 172 200 196 208 256 z" fill="#2b2b2b" opacity="0.85"/>
    <circle cx="128" cy="118" r="50" fill="${skin}"/>
    <path d="M78 112 C78 70 110 58 130 58 C160 58 182 78 178 112 C170 92 150 84 128 86 C104 88 88 96 78 112 z" fill="${hair}"/>`,
    `<linearGradient id="a" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg[0]}"/><stop offset="1" stop-color="${bg[1]}"/></linearGradient>`,
  );
}

function partnerLogo(
  name: string,
  tagline: string,
  color: string,
  mark: "peak" | "leaf" | "compass",
): string {
  const marks = {
    peak: `<path d="M40 130 l40 -60 l18 24 l24 -40 l44 76 z" fill="${color}"/>`,
    leaf: `<path d="M50 130 C50 80 90 50 150 50 C150 110 110 130 50 130 z" fill="${color}"/><path d="M55 125 L140 60" stroke="#fff" stroke-width="5"/>`,
    compass: `<circle cx="100" cy="95" r="48" fill="none" stroke="${color}" stroke-width="10"/><path d="M100 55 l14 40 l-14 40 l-14 -40 z" fill="${color}"/>`,
  };
  return svg(
    600,
    200,
    `<rect x="4" y="4" width="592" height="192" rx="24" fill="#faf7f0"/>${marks[mark]}
    <text x="180" y="102" font-family="${SERIF}" font-size="32" font-weight="bold" fill="#1d1a16">${esc(name)}</text>
    <text x="182" y="140" font-family="${SANS}" font-size="18" fill="#6b6257" letter-spacing="3">${esc(tagline)}</text>`,
  );
}

function certificate(n: 1 | 2): string {
  const w = 900;
  const h = 1240;
  const rows =
    n === 1
      ? [
          ["Lead (Pb)", "< 0.05 ppm", "≤ 0.5 ppm", "PASS"],
          ["Arsenic (As)", "< 0.05 ppm", "≤ 1.0 ppm", "PASS"],
          ["Mercury (Hg)", "< 0.01 ppm", "≤ 0.2 ppm", "PASS"],
          ["Cadmium (Cd)", "< 0.02 ppm", "≤ 0.3 ppm", "PASS"],
          ["Fulvic acid", "68.4 %", "≥ 60 %", "PASS"],
          ["Humic acid", "11.2 %", "report", "PASS"],
          ["Moisture", "6.1 %", "≤ 10 %", "PASS"],
        ]
      : [
          ["Total plate count", "< 100 CFU/g", "≤ 10,000 CFU/g", "PASS"],
          ["Yeast & mould", "< 10 CFU/g", "≤ 1,000 CFU/g", "PASS"],
          ["E. coli", "Absent", "Absent / 10 g", "PASS"],
          ["Salmonella", "Absent", "Absent / 25 g", "PASS"],
          ["S. aureus", "Absent", "Absent / 10 g", "PASS"],
          ["Pesticide screen", "Not detected", "Not detected", "PASS"],
          ["Identity (FTIR)", "Conforms", "Conforms", "PASS"],
        ];
  const title = n === 1 ? "Heavy Metals &amp; Fulvic Acid" : "Microbiology &amp; Purity";
  const table = rows
    .map(([test, result, limit, verdict], i) => {
      const y = 560 + i * 62;
      return `<rect x="80" y="${y - 40}" width="740" height="62" fill="${i % 2 ? "#f6f2e8" : "#fffdf8"}"/>
        <text x="100" y="${y}" font-family="${SANS}" font-size="22" fill="#2a2620">${esc(test!)}</text>
        <text x="380" y="${y}" font-family="${SANS}" font-size="22" fill="#2a2620">${esc(result!)}</text>
        <text x="560" y="${y}" font-family="${SANS}" font-size="22" fill="#5a544a">${esc(limit!)}</text>
        <text x="790" y="${y}" font-family="${SANS}" font-size="22" font-weight="bold" fill="#2f7a3b" text-anchor="end">${verdict}</text>`;
    })
    .join("");
  return svg(
    w,
    h,
    `<rect width="${w}" height="${h}" fill="#fbf8f1"/>
    <rect x="30" y="30" width="${w - 60}" height="${h - 60}" fill="none" stroke="#b8893a" stroke-width="6"/>
    <rect x="46" y="46" width="${w - 92}" height="${h - 92}" fill="none" stroke="#b8893a" stroke-width="2"/>
    <text x="450" y="150" font-family="${SERIF}" font-size="26" fill="#6b5a3a" text-anchor="middle" letter-spacing="6">ROCKY MOUNTAIN ANALYTICAL LABS</text>
    <text x="450" y="230" font-family="${SERIF}" font-size="52" font-weight="bold" fill="#1d1a16" text-anchor="middle">Certificate of Analysis</text>
    <text x="450" y="285" font-family="${SERIF}" font-size="30" fill="#3a342b" text-anchor="middle">${title}</text>
    <line x1="150" x2="750" y1="320" y2="320" stroke="#b8893a" stroke-width="2"/>
    <text x="100" y="380" font-family="${SANS}" font-size="21" fill="#3a342b">Product: Himalayan Shilajit Resin (Peak Shilajit)</text>
    <text x="100" y="415" font-family="${SANS}" font-size="21" fill="#3a342b">Batch: SH100${n}   ·   Sample ID: RMAL-24-${n === 1 ? "0318" : "0319"}</text>
    <text x="100" y="450" font-family="${SANS}" font-size="21" fill="#3a342b">Method: ${n === 1 ? "ICP-MS (AOAC 2015.01), UV-Vis" : "USP &lt;2021&gt; &lt;2022&gt;, GC-MS/MS"}</text>
    <text x="100" y="500" font-family="${SANS}" font-size="20" font-weight="bold" fill="#6b5a3a">TEST</text>
    <text x="380" y="500" font-family="${SANS}" font-size="20" font-weight="bold" fill="#6b5a3a">RESULT</text>
    <text x="560" y="500" font-family="${SANS}" font-size="20" font-weight="bold" fill="#6b5a3a">LIMIT</text>
    ${table}
    <text x="100" y="1040" font-family="${SANS}" font-size="20" fill="#3a342b">Conclusion: the sample complies with all specifications.</text>
    <path d="M120 1130 c30 -40 50 10 80 -20 s40 -30 60 10 s40 -10 70 -25" stroke="#1d2a5a" stroke-width="3" fill="none"/>
    <line x1="100" x2="380" y1="1145" y2="1145" stroke="#3a342b"/>
    <text x="100" y="1172" font-family="${SANS}" font-size="18" fill="#5a544a">Laboratory Director</text>
    <circle cx="700" cy="1090" r="90" fill="none" stroke="#b8893a" stroke-width="6"/>
    <circle cx="700" cy="1090" r="72" fill="none" stroke="#b8893a" stroke-width="2"/>
    <text x="700" y="1082" font-family="${SERIF}" font-size="21" font-weight="bold" fill="#b8893a" text-anchor="middle">VERIFIED</text>
    <text x="700" y="1115" font-family="${SANS}" font-size="14" fill="#b8893a" text-anchor="middle" letter-spacing="1">ISO/IEC 17025</text>`,
  );
}

/** Morning table: jar and a mug, the customer's own photo for an image testimonial. */
function customerPhoto(): string {
  const p = palettes.gold;
  return svg(
    800,
    800,
    `<rect width="800" height="800" fill="url(#wall)"/>
    <rect x="480" y="60" width="260" height="330" fill="#f3e2bd" opacity="0.35"/>
    <rect y="560" width="800" height="240" fill="url(#wood)"/>
    ${jar(300, 260, 0.62, p, "PURE RESIN", "30g")}
    <path d="M520 450 h170 v110 a40 40 0 0 1 -40 40 h-90 a40 40 0 0 1 -40 -40 z" fill="#e9e2d6"/>
    <path d="M690 480 a34 34 0 0 1 0 68" stroke="#e9e2d6" stroke-width="14" fill="none"/>
    <ellipse cx="605" cy="452" rx="85" ry="14" fill="#5a3416"/>`,
    `${labelDefs(p)}<linearGradient id="wall" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#6b5a48"/><stop offset="1" stop-color="#2b221b"/></linearGradient>
    <linearGradient id="wood" x1="0" x2="1"><stop offset="0" stop-color="#4a2f1c"/><stop offset="0.5" stop-color="#7a5232"/><stop offset="1" stop-color="#4a2f1c"/></linearGradient>`,
  );
}

/** Frames of the short video testimonial: a trail at different times of day with captions. */
function videoFrame(i: number, caption: string): string {
  const skies: [string, string, string][] = [
    ["#1b2a4a", "#c77a4a", "#f4c27a"],
    ["#2e5c8a", "#8fb6d6", "#e6eef4"],
    ["#3a6f9e", "#a9cbe3", "#f0f4f6"],
    ["#24193a", "#b0553a", "#f0a35e"],
  ];
  const [a, b, c] = skies[i % skies.length]!;
  return svg(
    640,
    360,
    `<rect width="640" height="360" fill="url(#sky)"/><circle cx="${140 + i * 120}" cy="${120 - i * 10}" r="26" fill="#fff4d2" opacity="0.8"/>
    ${mountains(640, 360, 250, ["#4a5570", "#2c3347", "#1a1e2b"])}
    <path d="M320 360 C330 320 300 300 320 270" stroke="#c9a070" stroke-width="10" fill="none" opacity="0.6"/>
    <rect x="0" y="296" width="640" height="64" fill="#000" opacity="0.55"/>
    <text x="320" y="337" font-family="${SANS}" font-size="26" fill="#fff" text-anchor="middle">${esc(caption)}</text>`,
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="0.6" stop-color="${b}"/><stop offset="1" stop-color="${c}"/></linearGradient>`,
  );
}

// ---------------------------------------------------------------------------- tiny WebM muxer

/**
 * A lossy WebP file is a RIFF wrapper around one VP8 key frame; a WebM is a Matroska wrapper
 * around VP8 frames. So without any video encoder we can build a short slideshow video whose
 * every frame is a key frame encoded by libwebp. Browsers play it like any WebM.
 */
function ebmlSize(size: number): Buffer {
  const out = Buffer.alloc(8);
  // Always the 8-byte form: marker byte 0x01, then the size in the remaining 7 bytes.
  out[0] = 0x01;
  out.writeUIntBE(size, 2, 6);
  return out;
}

function element(id: number, payload: Buffer): Buffer {
  const idBytes = Buffer.from(
    id.toString(16).padStart(id > 0xffffff ? 8 : id > 0xffff ? 6 : id > 0xff ? 4 : 2, "0"),
    "hex",
  );
  return Buffer.concat([idBytes, ebmlSize(payload.length), payload]);
}

function uint(id: number, value: number): Buffer {
  const bytes: number[] = [];
  let v = value;
  do {
    bytes.unshift(v & 0xff);
    v = Math.floor(v / 256);
  } while (v > 0);
  return element(id, Buffer.from(bytes));
}

function float(id: number, value: number): Buffer {
  const b = Buffer.alloc(8);
  b.writeDoubleBE(value);
  return element(id, b);
}

function str(id: number, value: string): Buffer {
  return element(id, Buffer.from(value, "ascii"));
}

function vp8FromWebp(webp: Buffer): Buffer {
  if (webp.toString("ascii", 0, 4) !== "RIFF" || webp.toString("ascii", 8, 12) !== "WEBP")
    throw new Error("not a WebP");
  if (webp.toString("ascii", 12, 16) !== "VP8 ") throw new Error("expected a simple lossy WebP (VP8 chunk)");
  const size = webp.readUInt32LE(16);
  return webp.subarray(20, 20 + size);
}

function webm(frames: Buffer[], width: number, height: number, frameMs: number): Buffer {
  const header = element(
    0x1a45dfa3,
    Buffer.concat([
      uint(0x4286, 1),
      uint(0x42f7, 1),
      uint(0x42f2, 4),
      uint(0x42f3, 8),
      str(0x4282, "webm"),
      uint(0x4287, 2),
      uint(0x4285, 2),
    ]),
  );
  const info = element(
    0x1549a966,
    Buffer.concat([
      uint(0x2ad7b1, 1_000_000),
      float(0x4489, frames.length * frameMs),
      str(0x4d80, "peak-shilajit-demo"),
      str(0x5741, "peak-shilajit-demo"),
    ]),
  );
  const tracks = element(
    0x1654ae6b,
    element(
      0xae,
      Buffer.concat([
        uint(0xd7, 1),
        uint(0x73c5, 1),
        uint(0x83, 1),
        uint(0x9c, 0),
        str(0x86, "V_VP8"),
        uint(0x23e383, frameMs * 1_000_000),
        element(0xe0, Buffer.concat([uint(0xb0, width), uint(0xba, height)])),
      ]),
    ),
  );
  const blocks = frames.map((frame, i) => {
    const head = Buffer.alloc(4);
    head[0] = 0x81; // track 1
    head.writeInt16BE(i * frameMs, 1);
    head[3] = 0x80; // key frame
    return element(0xa3, Buffer.concat([head, frame]));
  });
  const cluster = element(0x1f43b675, Buffer.concat([uint(0xe7, 0), ...blocks]));
  return Buffer.concat([header, element(0x18538067, Buffer.concat([info, tracks, cluster]))]);
}

// ---------------------------------------------------------------------------- output

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
