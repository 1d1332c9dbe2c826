/** Blog post illustrations. */
import { SANS, SERIF } from "./palettes.ts";
import { mountains, resinBlob, resinGradient, svg } from "./shapes.ts";

export function blogImage(kind: "harvest" | "tea" | "lab" | "fulvic" | "routine"): string {
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
