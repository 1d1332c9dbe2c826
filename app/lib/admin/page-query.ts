/**
 * A list's query string at another keyset position (`after`, null for the first page), with its
 * filters kept and empty ones dropped: the "Older …" / "Newest …" links of the admin lists.
 */
export function pageQuery(filter: { after?: string | undefined }, after: string | null): string {
  const { after: _previous, ...kept } = filter;
  const entries = Object.entries({ ...kept, ...(after ? { after } : {}) }).filter(([, v]) => v);
  return new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString();
}
