/**
 * The client's address for rate limits: the first hop of X-Forwarded-For when a proxy in front of
 * the shop set it, otherwise the socket's peer address.
 */
export function clientIpOf(headers: Headers, socketAddress: string | undefined): string {
  const forwarded = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  if (forwarded) return forwarded.slice(0, 100);
  return normalizeIp(socketAddress) ?? "unknown";
}

/** `::ffff:127.0.0.1` and `127.0.0.1` are the same client. */
function normalizeIp(address: string | undefined) {
  return address?.replace(/^::ffff:/, "");
}
