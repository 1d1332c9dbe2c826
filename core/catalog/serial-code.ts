/**
 * Per-unit serial codes (decision 041): 12 random Crockford base32 characters and one Damm check
 * character over GF(32), shown as XXXX-XXXX-XXXX-C. Pure functions; the server draws the random
 * bytes. The check catches every single-character typo and every swap of two neighbours, so the
 * storefront can say "typo" instead of "not genuine".
 */

/** Crockford base32: no I, L, O or U, so 1/l/I and 0/o/O cannot be confused. */
export const CROCKFORD_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const SERIAL_BODY_LENGTH = 12;
export const SERIAL_LENGTH = SERIAL_BODY_LENGTH + 1;
/** Serials one request may generate: one print run, bounded so a request stays short. */
export const MAX_SERIALS_PER_REQUEST = 10_000;
/** Random bits per serial: 12 characters × 5 bits. */
export const SERIAL_ENTROPY_BITS = SERIAL_BODY_LENGTH * 5;

/** x⁵ + x² + 1, irreducible over GF(2): the field GF(32) the check works in. */
const FIELD_POLYNOMIAL = 0b100101;
/** Any field element other than 0 and 1; x ∘ y = A·x + y is then totally anti-symmetric. */
const A = 2;

function gfMultiply(x: number, y: number): number {
  let product = 0;
  for (let a = x, b = y; b > 0; b >>= 1) {
    if (b & 1) product ^= a;
    a <<= 1;
    if (a & 0b100000) a ^= FIELD_POLYNOMIAL;
  }
  return product;
}

/** Damm's interim digit after `values`: x ∘ y = A·x ⊕ y (addition in GF(32) is XOR). */
function dammInterim(values: number[]): number {
  return values.reduce((interim, value) => gfMultiply(A, interim) ^ value, 0);
}

function valuesOf(text: string): number[] {
  return [...text].map((char) => CROCKFORD_ALPHABET.indexOf(char));
}

/** The character that makes the whole code's interim zero: A·interim ⊕ c = 0 ⇒ c = A·interim. */
export function checkCharacter(body: string): string {
  return CROCKFORD_ALPHABET[gfMultiply(A, dammInterim(valuesOf(body)))]!;
}

/** Upper-cases, drops spaces and dashes, and reads I/L as 1 and O as 0 (Crockford's rule). */
export function normalizeSerial(input: string): string {
  return input
    .toUpperCase()
    .replace(/[\s-]+/g, "")
    .replace(/[IL]/g, "1")
    .replace(/O/g, "0");
}

/** A normalized code that has a serial's shape (length and alphabet), whether or not it checks. */
export function looksLikeSerial(normalized: string): boolean {
  return normalized.length === SERIAL_LENGTH && [...normalized].every((c) => CROCKFORD_ALPHABET.includes(c));
}

/** True when the check character matches (for a normalized code of serial shape). */
export function hasValidCheck(normalized: string): boolean {
  return looksLikeSerial(normalized) && dammInterim(valuesOf(normalized)) === 0;
}

/** A serial from 12 random bytes (only the low 5 bits of each are used). */
export function serialFromRandom(bytes: Uint8Array): string {
  if (bytes.length < SERIAL_BODY_LENGTH) throw new Error(`need ${SERIAL_BODY_LENGTH} random bytes`);
  const body = [...bytes.subarray(0, SERIAL_BODY_LENGTH)].map((b) => CROCKFORD_ALPHABET[b & 31]).join("");
  return body + checkCharacter(body);
}

/** The printed form, XXXX-XXXX-XXXX-C, easier to read off a label. */
export function formatSerial(serial: string): string {
  return serial.replace(/(.{4})(?=.)/g, "$1-");
}

/**
 * A lid code of the validity list (SH1001…), in the one form it is stored and looked up in:
 * trimmed, upper case, spaces and dashes dropped (as for serials), so `sh-1001` finds `SH1001`.
 */
export function normalizeListCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]+/g, "");
}

/** What a list code may hold once normalized: Latin letters and digits only. */
export const LIST_CODE_PATTERN = /^[A-Z0-9]+$/;
export const LIST_CODE_CHARACTERS_MESSAGE = "A code may only hold letters A–Z, digits, spaces and dashes";
