/**
 * The date a post shows: its own, or today when it is empty, invalid, or in 1970 or earlier
 * (an unset timestamp read as the epoch).
 */
export function usableDate(value: Date | string | null | undefined, today = new Date()): Date {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) && date.getUTCFullYear() > 1970 ? date : today;
}

/** "March 5, 2025" — in UTC, so the server and the browser render the same text. */
export function displayDate(value: Date | string | null | undefined, today = new Date()): string {
  return usableDate(value, today).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}
