/**
 * Reading the old shop's values as they really are: numbers that are sometimes strings, lists
 * that are sometimes JSON text, blanks in image lists. Pure functions, no database.
 */

/** A decimal amount (number or text, "12.5", "$1,299.00") as integer hundredths, exactly; null if not a number. */
export function toHundredths(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  let text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : String(value);
  text = text.trim().replace(/^\$/, "").replace(/,/g, "");
  if (/e/i.test(text) && Number.isFinite(Number(text))) return Math.round(Number(text) * 100);
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === "" && !match[3])) return null;
  const [, sign, whole, fraction = ""] = match;
  const padded = `${fraction}000`;
  // Half up on the third decimal: 12.345 -> 1235.
  const cents = Number(whole || "0") * 100 + Number(padded.slice(0, 2)) + (Number(padded[2]) >= 5 ? 1 : 0);
  return sign === "-" ? -cents : cents;
}

/** A whole number (number or text); `fallback` when missing or not a number. */
export function toInteger(value: unknown, fallback: number): number {
  if (value === null || value === undefined || value === "") return fallback;
  const n = Number(typeof value === "string" ? value.trim() : value);
  return Number.isFinite(n) ? Math.trunc(n) : fallback;
}

export function toBoolean(value: unknown, fallback: boolean): boolean {
  if (typeof value === "boolean") return value;
  if (typeof value === "string") {
    const v = value.trim().toLowerCase();
    if (["true", "t", "yes", "1"].includes(v)) return true;
    if (["false", "f", "no", "0"].includes(v)) return false;
  }
  if (typeof value === "number") return value !== 0;
  return fallback;
}

/** A timestamp, or null when missing or unreadable (PostgreSQL's "infinity" included). */
export function toDate(value: unknown): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isFinite(date.getTime()) ? date : null;
}

/** Trimmed text, or null when blank. */
export function toText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const text = (typeof value === "string" ? value : String(value)).trim();
  return text === "" ? null : text;
}

/** A list of texts: an array, a JSON array in text, a PostgreSQL array literal or one value; blanks dropped. */
export function toTextList(value: unknown): string[] {
  const items = listOf(value);
  return items.map(toText).filter((v): v is string => v !== null);
}

function listOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value !== "string") return value === null || value === undefined ? [] : [value];
  const text = value.trim();
  if (text.startsWith("[")) {
    try {
      const parsed: unknown = JSON.parse(text);
      return Array.isArray(parsed) ? parsed : [];
    } catch {
      return [];
    }
  }
  if (text.startsWith("{") && text.endsWith("}")) {
    return text
      .slice(1, -1)
      .split(",")
      .map((v) => v.replace(/^"|"$/g, ""));
  }
  return [text];
}

/** A JSON object from a jsonb value or its text; {} otherwise. */
export function toObject(value: unknown): Record<string, unknown> {
  if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  if (typeof value === "string") {
    try {
      const parsed: unknown = JSON.parse(value);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
        return parsed as Record<string, unknown>;
    } catch {
      // not JSON: nothing to read
    }
  }
  return {};
}

export type LegacyOrderItem = {
  productId: string | null;
  name: string;
  weight: string;
  unitPriceCents: number;
  quantity: number;
  imageUrl: string | null;
};

/**
 * The spec's order_items: a list, or a JSON string of a list, of {name, weight, price, quantity,
 * image_url?} (and the cart line's product `id`); missing values default to 'Unknown Item', empty
 * weight, price 0 and quantity 1. Null when the value is neither.
 */
export function parseOrderItems(value: unknown): LegacyOrderItem[] | null {
  let list: unknown = value;
  if (typeof value === "string") {
    try {
      list = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!Array.isArray(list)) return null;
  return list.map((raw) => {
    const item = toObject(raw);
    const quantity = toInteger(item.quantity, 1);
    const price = toHundredths(item.price);
    return {
      productId: toText(item.id ?? item.product_id),
      name: toText(item.name) ?? "Unknown Item",
      weight: toText(item.weight) ?? "",
      unitPriceCents: price !== null && price >= 0 ? price : 0,
      quantity: quantity >= 1 ? quantity : 1,
      imageUrl: toText(item.image_url),
    };
  });
}
