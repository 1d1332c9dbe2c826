import { describe, expect, it } from "vitest";
import { signUpSchema } from "../../core/forms/account-forms.ts";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword, notCommonPassword } from "./common-passwords.ts";

describe("isCommonPassword", () => {
  it("knows the most common passwords whatever their case or surrounding spaces", () => {
    for (const common of ["password", "Password", " PASSWORD ", "123456", "qwerty", "iloveyou", "letmein"]) {
      expect(isCommonPassword(common), common).toBe(true);
    }
  });

  it("lets an uncommon password through", () => {
    for (const fine of ["guest-to-customer", "long-enough-1", "Tr0ub4dor&3-shilajit"]) {
      expect(isCommonPassword(fine), fine).toBe(false);
    }
  });

  it("bundles a few thousand passwords, all at least the minimum length (shorter are refused by length)", async () => {
    const { COMMON_PASSWORD_LIST } = await import("./common-password-list.ts");
    const list = COMMON_PASSWORD_LIST.split("\n").filter(Boolean);
    expect(list.length).toBeGreaterThan(3000);
    expect(list.filter((p) => signUpSchema.shape.password.safeParse(p).error)).toEqual([]);
  });

  it("refuses with a message that says why", () => {
    expect(notCommonPassword.safeParse("password").error?.issues[0]?.message).toBe(COMMON_PASSWORD_MESSAGE);
    expect(
      signUpSchema.shape.password.pipe(notCommonPassword).safeParse("short").error?.issues[0]?.message,
    ).toBe("Password must be at least 6 characters long.");
  });
});
