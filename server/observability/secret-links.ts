/**
 * URLs whose path or query is the secret that opens a page: a guest's order status link, a sandbox
 * payment session, an abandoned cart's restore link, signed email links (unsubscribe, newsletter
 * confirmation), password reset and email verification tokens, a Stripe checkout session. Anyone
 * reading a log line, a metrics label or an error report with one in it could open the page (the
 * order status shows name, address and phone), so they are written as `:token` (issue 29).
 */
const SECRET_PATHS = [
  "order-status",
  "sandbox/pay",
  "sandbox/paypal",
  "cart/restore",
  "unsubscribe",
  "newsletter/confirm",
  "api/auth/reset-password",
  // A staff invitation (server/staff/invitations.ts): the token sets the new member's password.
  "invitation",
];
const SECRET_QUERY_PARAMETERS = ["token", "session_id"];

/** The secret segment after one of the prefixes, up to a `.data` suffix, a slash, query or quote. */
const SECRET_SEGMENT = new RegExp(
  `(/(?:${SECRET_PATHS.join("|")})/+)[^/?#\\s"'<>]+?(?=\\.data\\b|[/?#\\s"'<>)]|$)`,
  "gi",
);
const SECRET_PARAMETER = new RegExp(`([?&](?:${SECRET_QUERY_PARAMETERS.join("|")})=)[^&#\\s"'<>]*`, "gi");

/** The text with every secret link's token replaced by `:token` (paths, full URLs, error messages). */
export function redactSecretLinks(text: string): string {
  return text.replace(SECRET_SEGMENT, "$1:token").replace(SECRET_PARAMETER, "$1:token");
}

/**
 * Pages that post a form back to themselves (the email links' buttons, the sandbox's payment form):
 * under no-referrer that POST carries `Origin: null`, which React Router's CSRF check refuses.
 * same-origin still never sends the secret URL to another site.
 */
const POSTS_TO_ITSELF = [
  "unsubscribe",
  "newsletter/confirm",
  "sandbox/pay",
  "sandbox/paypal",
  "invitation",
  "creator/set-password",
];

/** Pages whose secret is the `token` query value rather than a path segment. */
const TOKEN_IN_QUERY = /^\/+(api\/auth\/verify-email|creator\/set-password)\b/i;

const prefixOf = (path: string) =>
  SECRET_PATHS.find((prefix) => new RegExp(`^/+${prefix}/`, "i").test(path)) ??
  TOKEN_IN_QUERY.exec(path)?.[1]?.toLowerCase() ??
  null;

/** The Referrer-Policy of a page whose URL carries a secret, or null for any other path. */
export function secretLinkReferrerPolicy(path: string): "no-referrer" | "same-origin" | null {
  const prefix = prefixOf(path);
  if (!prefix) return null;
  return POSTS_TO_ITSELF.includes(prefix) ? "same-origin" : "no-referrer";
}
