import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

/**
 * Content creator passwords (DESIGN: only a strong hash is stored).
 * Format: "scrypt$N$r$p$salt$hash" with salt and hash in base64url, so the cost
 * parameters travel with each hash and can be raised later without breaking old ones.
 */
const COST = { N: 16_384, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;

function derive(plain: string, salt: Buffer, options: ScryptOptions, keyLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // maxmem must exceed 128 * N * r; leave headroom for raised parameters.
    scrypt(plain.normalize("NFKC"), salt, keyLength, { ...options, maxmem: 256 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(plain: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(plain, salt, COST, KEY_LENGTH);
  return ["scrypt", COST.N, COST.r, COST.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** False for a wrong password and for anything that is not a hash in our format. */
export async function verifyPassword(plain: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [, n, r, p, saltText, hashText] = parts as [string, string, string, string, string, string];
  const N = Number(n);
  const rr = Number(r);
  const pp = Number(p);
  if (![N, rr, pp].every((v) => Number.isInteger(v) && v > 0)) return false;
  const expected = Buffer.from(hashText, "base64url");
  if (expected.length === 0) return false;
  try {
    const actual = await derive(
      plain,
      Buffer.from(saltText, "base64url"),
      { N, r: rr, p: pp },
      expected.length,
    );
    return timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}
