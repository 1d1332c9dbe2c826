export type PaginationItem = number | "ellipsis";

/**
 * The page buttons to show: every page when there are 5 or fewer; otherwise the first page, the
 * last page, the current page ±1, and an "ellipsis" wherever pages are skipped.
 */
export function paginationItems(currentPage: number, totalPages: number): PaginationItem[] {
  const total = Math.max(0, Math.floor(totalPages));
  if (total <= 5) return Array.from({ length: total }, (_, i) => i + 1);

  const current = Math.min(Math.max(1, Math.floor(currentPage)), total);
  const pages = [...new Set([1, current - 1, current, current + 1, total])]
    .filter((p) => p >= 1 && p <= total)
    .sort((a, b) => a - b);

  const items: PaginationItem[] = [];
  for (const page of pages) {
    const previous = items.at(-1);
    if (typeof previous === "number" && page - previous > 1) items.push("ellipsis");
    items.push(page);
  }
  return items;
}
