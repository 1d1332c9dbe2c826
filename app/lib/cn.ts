type ClassValue = string | number | false | null | undefined | ClassValue[];

/** Joins class names, skipping falsy values (no merging: callers avoid conflicting utilities). */
export function cn(...inputs: ClassValue[]): string {
  const out: string[] = [];
  for (const input of inputs) {
    if (!input) continue;
    if (Array.isArray(input)) {
      const nested = cn(...input);
      if (nested) out.push(nested);
    } else out.push(String(input));
  }
  return out.join(" ");
}
