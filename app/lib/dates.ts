// One fixed time zone, so the server-rendered text and the hydrated page always agree.
const TIME_ZONE = "UTC";

const date = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "2-digit",
  year: "numeric",
  timeZone: TIME_ZONE,
});
const time = new Intl.DateTimeFormat("en-GB", {
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
  timeZone: TIME_ZONE,
});

/** "Jan 05, 2024" (the admin spec's MMM dd, yyyy). */
export function formatDate(value: Date | string): string {
  return date.format(new Date(value));
}

/** "Jan 05, 2024 14:30" (MMM dd, yyyy HH:mm), UTC. */
export function formatDateTime(value: Date | string): string {
  const d = new Date(value);
  return `${date.format(d)} ${time.format(d)}`;
}

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
