const usd = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Formats integer cents as US dollars: 123450 -> "$1,234.50". */
export function formatMoney(cents: number): string {
  if (!Number.isFinite(cents)) throw new RangeError(`formatMoney: not a finite amount: ${cents}`);
  // Integer division keeps float noise (e.g. 0.1 + 0.2) out of the displayed value.
  return usd.format(Math.round(cents) / 100);
}

/** `basisPoints`/10000 of `cents`, rounded half up to the cent (integer arithmetic, no float drift). */
export function percentageOf(cents: number, basisPoints: number): number {
  return Math.floor((cents * basisPoints + 5000) / 10000);
}
