/** Text shaping for search engines, shared by the meta tags (app/) and the JSON-LD (server/). */

/** Meta descriptions are cut by search engines around 160 characters; keep whole words. */
export function clampDescription(text: string, max = 160) {
  const clean = text
    .replace(/[#*_`>[\]]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max - 20)).trimEnd()}…`;
}
