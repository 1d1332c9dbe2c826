import { describe, expect, it } from "vitest";
import { PHONE_INVALID, phoneSchema } from "./phone.ts";

const phone = phoneSchema("Please enter your phone number");
const message = (value: string) => phone.safeParse(value).error?.issues[0]?.message;

describe("phoneSchema", () => {
  it("takes the ways people write a number, trimmed", () => {
    for (const ok of ["+1 214 555 0142", "(214) 555-0142", "214.555.0142", "555-0101", " 2145550142 "]) {
      expect(message(ok)).toBeUndefined();
    }
    expect(phone.parse(" +1 214 555 0142 ")).toBe("+1 214 555 0142");
  });

  it("refuses emoji, letters, markup, too few digits and too long, with a clear message", () => {
    for (const bad of ["🙂🙂🙂", "call me", "<script>", "( ) - .", "12345", "555 01 23🙂", "1".repeat(31)]) {
      expect(message(bad)).toBe(PHONE_INVALID);
    }
    expect(message("  ")).toBe("Please enter your phone number");
  });
});
