/**
 * Decodes a body the way Stripe reads the SDK's form encoding: `a[b][0][c]=v` becomes
 * { a: { b: [{ c: "v" }] } }. Values stay strings (Stripe's API coerces them per field).
 */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> = root;
    const last = path.pop()!;
    for (const part of path) {
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    }
    node[last] = value;
  }
  return arraysFromIndexes(root) as Record<string, unknown>;
}

/** Objects whose keys are 0, 1, 2… are arrays in the request that produced them. */
function arraysFromIndexes(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  const entries = Object.entries(value).map(([k, v]) => [k, arraysFromIndexes(v)] as const);
  const isArray = entries.length > 0 && entries.every(([k], i) => k === String(i));
  return isArray ? entries.map(([, v]) => v) : Object.fromEntries(entries);
}
