import { createHmac } from "node:crypto";

/** Addresses are compared lower-case and trimmed everywhere in marketing. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * The keyed hash that keeps an unsubscribe after the clear address is erased (decision 048):
 * HMAC-SHA256 with the app secret, so the stored value cannot be reversed by hashing guessed
 * addresses without the secret. Changing AUTH_SECRET orphans hashes of already erased addresses.
 */
export const emailHash = (secret: string, email: string) =>
  createHmac("sha256", secret)
    .update(`marketing-suppression:${normalizeEmail(email)}`)
    .digest("base64url");
