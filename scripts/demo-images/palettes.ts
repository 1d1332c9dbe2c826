/** Fonts and colour palettes of the demo artwork. */

export const SERIF = "DejaVu Serif, Liberation Serif, serif";
export const SANS = "DejaVu Sans, Liberation Sans, sans-serif";

export type Palette = {
  glow: string;
  label: [string, string, string];
  ink: string;
  sky: [string, string, string];
};

export const palettes = {
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
