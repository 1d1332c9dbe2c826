import { describe, expect, it } from "vitest";
import { US_STATES } from "./address.ts";
import { statesOfZip, zipStateWarning } from "./zip-prefixes.ts";

describe("zipStateWarning", () => {
  it("warns when the ZIP prefix belongs to another state: Portland, CA 75201", () => {
    expect(zipStateWarning({ state: "CA", postalCode: "75201" })).toBe(
      "ZIP code 75201 is in Texas, not California. Carriers may reject this address: please check the state and ZIP code.",
    );
    expect(zipStateWarning({ state: "or", postalCode: "90210-1234" })).toMatch(
      /is in California, not Oregon/,
    );
  });

  it("stays quiet when they agree, including leading zeros, ZIP+4, territories and split prefixes", () => {
    for (const [state, zip] of [
      ["TX", "75201"],
      ["OR", "97201"],
      ["MA", "02108"],
      ["NJ", "07030-1234"],
      ["PR", "00901"],
      ["NY", "00501"],
      ["TX", "88510"],
      ["AR", "75502"],
      ["DC", "20500"],
      ["GU", "96910"],
      ["MP", "96950"],
      ["AS", "96799"],
      ["HI", "96813"],
    ] as const) {
      expect(zipStateWarning({ state, postalCode: zip }), `${state} ${zip}`).toBeNull();
    }
  });

  it("says nothing it cannot know: unassigned prefixes, malformed ZIPs, unknown states", () => {
    expect(statesOfZip("00001")).toEqual([]);
    expect(zipStateWarning({ state: "CA", postalCode: "00001" })).toBeNull();
    expect(zipStateWarning({ state: "CA", postalCode: "7520" })).toBeNull();
    expect(zipStateWarning({ state: "", postalCode: "75201" })).toBeNull();
  });

  it("knows a prefix for every state and territory the address form offers", () => {
    const covered = new Set(
      Array.from({ length: 1000 }, (_, p) => statesOfZip(`${String(p).padStart(3, "0")}00`)).flat(),
    );
    expect(US_STATES.filter((s) => !covered.has(s.code))).toEqual([]);
  });
});
