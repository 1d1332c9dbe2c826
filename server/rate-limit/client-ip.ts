/**
 * The header the HTTP app (server/http/app.ts) sets from the socket (or trusted proxy) on every
 * request, overwriting whatever a client sent: what rate limits and sessions read as the client.
 */
export const CLIENT_IP_HEADER = "x-shop-client-ip";

/**
 * The client's address for rate limits: the socket's peer address, or — only when the shop runs
 * behind a reverse proxy (TRUST_PROXY=true) — the last X-Forwarded-For hop, the one that proxy
 * appended (earlier hops are whatever the client sent). Trusting the header otherwise would let any
 * client pick a fresh address per request.
 */
export function clientIpOf(headers: Headers, socketAddress: string | undefined, trustProxy: boolean): string {
  const forwarded = trustProxy ? headers.get("x-forwarded-for")?.split(",").at(-1)?.trim() : undefined;
  if (forwarded) return forwarded.slice(0, 100);
  return normalizeIp(socketAddress) ?? "unknown";
}

/** `::ffff:127.0.0.1` and `127.0.0.1` are the same client. */
function normalizeIp(address: string | undefined) {
  return address?.replace(/^::ffff:/, "");
}
