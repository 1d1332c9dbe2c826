/** SVG building blocks of the demo artwork: backdrops, mountains, resin, labels, jars, bottles. */
import { type Palette, SANS, SERIF } from "./palettes.ts";

export function svg(width: number, height: number, body: string, defs = ""): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs}</defs>${body}</svg>`;
}

export function esc(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export function darkBackdrop(w: number, h: number, glow: string, id = "bg"): { defs: string; body: string } {
  return {
    defs: `<radialGradient id="${id}" cx="50%" cy="38%" r="75%"><stop offset="0" stop-color="${glow}"/><stop offset="0.55" stop-color="#120f0c"/><stop offset="1" stop-color="#070605"/></radialGradient>`,
    body: `<rect width="${w}" height="${h}" fill="url(#${id})"/>`,
  };
}

export function mountains(w: number, h: number, baseY: number, colors: [string, string, string]): string {
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

export function resinBlob(cx: number, cy: number, s: number): string {
  return `<path d="M${cx - s} ${cy} C${cx - s * 1.05} ${cy - s * 0.7} ${cx - s * 0.35} ${cy - s * 0.95} ${cx + s * 0.1} ${cy - s * 0.8}
      C${cx + s * 0.7} ${cy - s * 0.75} ${cx + s * 1.1} ${cy - s * 0.3} ${cx + s * 0.95} ${cy + s * 0.15}
      C${cx + s * 0.8} ${cy + s * 0.6} ${cx + s * 0.1} ${cy + s * 0.55} ${cx - s * 0.4} ${cy + s * 0.45}
      C${cx - s * 0.8} ${cy + s * 0.38} ${cx - s * 0.95} ${cy + s * 0.25} ${cx - s} ${cy} z" fill="url(#resin)"/>
    <ellipse cx="${cx - s * 0.25}" cy="${cy - s * 0.45}" rx="${s * 0.35}" ry="${s * 0.1}" fill="#fff" opacity="0.28" transform="rotate(-12 ${cx} ${cy})"/>
    <ellipse cx="${cx + s * 0.45}" cy="${cy - s * 0.2}" rx="${s * 0.12}" ry="${s * 0.05}" fill="#fff" opacity="0.35"/>`;
}

export const resinGradient = `<radialGradient id="resin" cx="40%" cy="35%" r="70%"><stop offset="0" stop-color="#4a3220"/><stop offset="0.5" stop-color="#1d130b"/><stop offset="1" stop-color="#070403"/></radialGradient>`;

export function labelDefs(p: Palette): string {
  return `<linearGradient id="label" x1="0" x2="1" y1="0" y2="0.2"><stop offset="0" stop-color="${p.label[0]}"/><stop offset="0.45" stop-color="${p.label[1]}"/><stop offset="1" stop-color="${p.label[2]}"/></linearGradient>
    <linearGradient id="glass" x1="0" x2="1"><stop offset="0" stop-color="#030303"/><stop offset="0.17" stop-color="#2b2723"/><stop offset="0.5" stop-color="#0d0b0a"/><stop offset="0.86" stop-color="#1e1b18"/><stop offset="1" stop-color="#030303"/></linearGradient>
    <linearGradient id="lid" x1="0" x2="1"><stop offset="0" stop-color="#0c0c0c"/><stop offset="0.2" stop-color="#3c3a38"/><stop offset="0.55" stop-color="#141414"/><stop offset="0.85" stop-color="#2e2c2a"/><stop offset="1" stop-color="#080808"/></linearGradient>`;
}

/** A jar label: mountain mark, brand, product line and size, in the palette's ink. */
export function label(
  x: number,
  y: number,
  w: number,
  h: number,
  p: Palette,
  line: string,
  size: string,
): string {
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

export function jar(cx: number, top: number, scale: number, p: Palette, line: string, size: string): string {
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

export function dropperBottle(
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
