import { describe, expect, it } from "vitest";
import { messages, resetPasswordSchema, signUpSchema } from "~core/forms/account-forms.ts";
import { parseForm, safeRedirectPath } from "./forms.ts";

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(entries)) data.set(k, v);
  return data;
};

describe("account forms", () => {
  it("reports each sign-up rule and keeps the typed values except the password", () => {
    const result = parseForm(signUpSchema, form({ name: " ", email: "nope", password: "12345" }));
    expect(result).toEqual({
      ok: false,
      errors: {
        name: messages.nameRequired,
        email: messages.emailInvalid,
        password: "Password must be at least 6 characters long.",
      },
      values: { name: " ", email: "nope" },
    });
  });

  it("normalises a valid sign-up", () => {
    const result = parseForm(
      signUpSchema,
      form({ name: " Ada ", email: " Ada@Example.COM ", password: "secret1" }),
    );
    expect(result).toEqual({
      ok: true,
      data: { name: "Ada", email: "ada@example.com", password: "secret1" },
    });
  });

  it("says 'Passwords do not match.' on the confirmation and enforces the minimum", () => {
    expect(
      parseForm(resetPasswordSchema, form({ password: "secret1", confirmPassword: "secret2", token: "t" })),
    ).toMatchObject({ ok: false, errors: { confirmPassword: "Passwords do not match." } });
    expect(
      parseForm(resetPasswordSchema, form({ password: "abc", confirmPassword: "abc", token: "t" })),
    ).toMatchObject({ ok: false, errors: { password: "Password must be at least 6 characters long." } });
  });

  it("only follows same-origin paths after sign-in", () => {
    expect(safeRedirectPath("/orders?page=2")).toBe("/orders?page=2");
    expect(safeRedirectPath("//evil.example")).toBe("/");
    expect(safeRedirectPath("https://evil.example")).toBe("/");
    expect(safeRedirectPath("/\\evil.example")).toBe("/");
    expect(safeRedirectPath(undefined)).toBe("/");
  });
});
