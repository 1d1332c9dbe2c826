/**
 * A timestamp as PostgreSQL prints it (`2026-01-31 23:59:59.123456+00`, a `T` and `Z` accepted),
 * checked field by field — month, the month's days, hours, minutes, seconds, offset — so a cursor
 * from a URL never reaches a `::timestamptz` cast that fails (`2026-99-99 99:99:99` was a 500).
 */
const TIMESTAMP =
  /^(\d{4})-(\d\d)-(\d\d)[ T](\d\d):(\d\d):(\d\d)(?:\.\d{1,6})?(?:Z|[+-](\d\d)(?::?(\d\d))?(?::(\d\d))?)?$/;

/** True for a real moment written that way; false for anything a `::timestamptz` cast would refuse. */
export function isTimestampText(text: string): boolean {
  const match = TIMESTAMP.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second, offsetHours = 0, offsetMinutes = 0, offsetSeconds = 0] =
    match.slice(1).map((part) => (part === undefined ? undefined : Number(part)));
  const daysInMonth = new Date(Date.UTC(year!, month!, 0)).getUTCDate();
  return (
    year! >= 1 &&
    month! >= 1 &&
    month! <= 12 &&
    day! >= 1 &&
    day! <= daysInMonth &&
    hour! <= 23 &&
    minute! <= 59 &&
    second! <= 59 &&
    offsetHours <= 15 &&
    offsetMinutes <= 59 &&
    offsetSeconds <= 59
  );
}
