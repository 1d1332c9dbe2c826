import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CROCKFORD_ALPHABET,
  formatSerial,
  hasValidCheck,
  looksLikeSerial,
  normalizeSerial,
  SERIAL_BODY_LENGTH,
  SERIAL_LENGTH,
  serialFromRandom,
} from "./serial-code.ts";

const serials = fc
  .uint8Array({ minLength: SERIAL_BODY_LENGTH, maxLength: SERIAL_BODY_LENGTH })
  .map(serialFromRandom);

describe("serial codes", () => {
  it("makes 13-character serials that pass their own check, in any printed form", () => {
    fc.assert(
      fc.property(serials, (serial) => {
        expect(serial).toHaveLength(SERIAL_LENGTH);
        expect(looksLikeSerial(serial)).toBe(true);
        expect(hasValidCheck(serial)).toBe(true);
        expect(normalizeSerial(` ${formatSerial(serial).toLowerCase()} `)).toBe(serial);
      }),
    );
  });

  it("detects every single-character typo", () => {
    fc.assert(
      fc.property(serials, (serial) => {
        for (let at = 0; at < serial.length; at++) {
          for (const char of CROCKFORD_ALPHABET) {
            if (char === serial[at]) continue;
            const typo = serial.slice(0, at) + char + serial.slice(at + 1);
            expect(hasValidCheck(typo), typo).toBe(false);
          }
        }
      }),
      { numRuns: 100 },
    );
  });

  it("detects every swap of two different neighbours", () => {
    fc.assert(
      fc.property(serials, (serial) => {
        for (let at = 0; at + 1 < serial.length; at++) {
          if (serial[at] === serial[at + 1]) continue;
          const swapped = serial.slice(0, at) + serial[at + 1] + serial[at] + serial.slice(at + 2);
          expect(hasValidCheck(swapped), swapped).toBe(false);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("reads the look-alike letters as digits and refuses other shapes", () => {
    expect(normalizeSerial("oil-0")).toBe("0110");
    expect(looksLikeSerial("SH1001")).toBe(false);
    expect(looksLikeSerial("U".repeat(SERIAL_LENGTH))).toBe(false);
    expect(formatSerial("ABCDEFGHJKMNP")).toBe("ABCD-EFGH-JKMN-P");
  });
});
