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
