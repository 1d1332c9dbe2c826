/** Testimonial avatars and photo, partner logos, certificates and video frames. */
import { palettes, SANS, SERIF } from "./palettes.ts";
import { esc, jar, labelDefs, mountains, svg } from "./shapes.ts";

export function avatar(bg: [string, string], skin: string, hair: string): string {
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

export function partnerLogo(
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

export function certificate(n: 1 | 2): string {
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
export function customerPhoto(): string {
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
export function videoFrame(i: number, caption: string): string {
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
