import { randomBytes } from "node:crypto";

let counter = 0;

/**
 * A short suffix that is unique within the process (counter) and very likely across
 * processes sharing a database (random part), for slugs, codes and usernames.
 */
export function uniqueSuffix(): string {
  counter += 1;
  return `${counter}${randomBytes(3).toString("hex")}`;
}

export function daysFromNow(days: number): Date {
  return new Date(Date.now() + days * 24 * 60 * 60 * 1000);
}
