import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password.ts";

describe("creator password hashing", () => {
  it("stores a salted scrypt hash with its parameters", async () => {
    const a = await hashPassword("summit-demo-2024");
    const b = await hashPassword("summit-demo-2024");
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(a).not.toContain("summit-demo-2024");
    expect(a).not.toBe(b);
  });

  it("verifies the right password and rejects a wrong one", async () => {
    const stored = await hashPassword("correct horse");
    expect(await verifyPassword("correct horse", stored)).toBe(true);
    expect(await verifyPassword("correct horse ", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("rejects values that are not hashes in our format", async () => {
    expect(await verifyPassword("x", "plain-text-password")).toBe(false);
    expect(await verifyPassword("x", "scrypt$0$8$1$c2FsdA$aGFzaA")).toBe(false);
    expect(await verifyPassword("x", "bcrypt$16384$8$1$c2FsdA$aGFzaA")).toBe(false);
  });
});
