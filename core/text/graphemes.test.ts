import { describe, expect, it } from "vitest";
import { firstGrapheme } from "./graphemes.ts";

describe("firstGrapheme", () => {
  it("keeps an emoji, a flag, a family and an accented letter whole", () => {
    expect(firstGrapheme("🙂 smile")).toBe("🙂");
    expect(firstGrapheme("🇺🇸flag")).toBe("🇺🇸");
    expect(firstGrapheme("👨‍👩‍👧 family")).toBe("👨‍👩‍👧");
    expect(firstGrapheme("e\u0301mile")).toBe("e\u0301");
    expect(firstGrapheme("Doe")).toBe("D");
    expect(firstGrapheme("")).toBe("");
  });
});
