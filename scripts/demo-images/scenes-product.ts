/** The three product photos of each product line. */
import { type Palette, SANS } from "./palettes.ts";
import {
  darkBackdrop,
  dropperBottle,
  jar,
  label,
  labelDefs,
  mountains,
  resinBlob,
  resinGradient,
  svg,
} from "./shapes.ts";

export type ProductArt = {
  file: string;
  palette: Palette;
  line: string;
  size: string;
  vessel: "jar" | "dropper";
};

export function productFront(a: ProductArt): string {
  const bg = darkBackdrop(1000, 1000, a.palette.glow);
  const body =
    a.vessel === "jar"
      ? jar(500, 250, 1, a.palette, a.line, a.size)
      : dropperBottle(500, 120, 1.05, a.palette, a.line, a.size);
  return svg(1000, 1000, bg.body + body, bg.defs + labelDefs(a.palette));
}

/** Three-quarter view: open jar showing the glossy resin, the lid and a small gold spoon. */
export function productOpen(a: ProductArt): string {
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
export function productResin(a: ProductArt): string {
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
