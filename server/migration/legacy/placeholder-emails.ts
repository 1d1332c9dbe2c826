/**
 * The old shop stored orders that were never completed under placeholder emails (the spec's
 * "placeholder orders"), hidden from its lists. These come in as expired, not as sales: an empty
 * or malformed email, one on the reserved example domains, one saying "placeholder", and any
 * address the operator names with --placeholder-email (the old shop's exact ones).
 */
const BUILT_IN = /(^|[.@_+-])placeholder([.@_+-]|$)|@example\.(com|org|net)$|@paypal-customer\./i;

export function placeholderEmailRule(extra: string[]): (email: string | null) => boolean {
  const named = new Set(extra.map((e) => e.trim().toLowerCase()).filter(Boolean));
  return (email) => {
    if (!email) return true;
    const address = email.trim().toLowerCase();
    return named.has(address) || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(address) || BUILT_IN.test(address);
  };
}
