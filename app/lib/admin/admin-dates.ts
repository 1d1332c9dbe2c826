/**
 * "1/5/2024": the admin blog list's short US date (the other admin tables use "Jan 05, 2024",
 * formatDate in dates.ts). UTC, so the server-rendered text and the hydrated page agree.
 */
const shortUsDate = new Intl.DateTimeFormat("en-US", {
  month: "numeric",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

export function formatShortUsDate(value: Date | string): string {
  return shortUsDate.format(new Date(value));
}
