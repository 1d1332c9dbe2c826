import { describe, expect, it } from "vitest";
import { COMMON_PASSWORD_MESSAGE } from "../../server/auth/common-passwords.ts";
import { createUser, DEFAULT_USER_PASSWORD, type User } from "../factories/accounts.ts";
import { setupTarget } from "./support.ts";

let member: User;
const target = setupTarget({
  prepare: async (db) => {
    member = await createUser(db, { name: "Sam Member" });
  },
});

// Far over the forms' 100 characters, far under any request body limit.
const hugeName = "A".repeat(5_000);

describe("the auth API takes what the forms take", () => {
  it("refuses a sign-up with a name the form would refuse, with a clear message", async () => {
    const response = await target.visitor().postJson("/api/auth/sign-up/email", {
      name: hugeName,
      email: "huge-name@example.com",
      password: "long-enough-1",
    });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe("Please enter at most 100 characters for your name.");
  });

  it("refuses fields the sign-up form does not have", async () => {
    const response = await target.visitor().postJson("/api/auth/sign-up/email", {
      name: "Sneaky",
      email: "sneaky@example.com",
      password: "long-enough-1",
      image: `https://example.com/${"x".repeat(4_000)}`,
    });
    expect(response.status).toBe(400);
  });

  it("refuses update-user with a huge name and keeps the stored one", async () => {
    const visitor = await target.signedIn({ email: member.email, password: DEFAULT_USER_PASSWORD });
    const response = await visitor.postJson("/api/auth/update-user", { name: hugeName });
    expect(response.status).toBe(400);
    const current = await (await visitor.get("/api/auth/get-session")).json();
    expect(current.user.name).toBe("Sam Member");
  });

  it("refuses sign-in and reset requests with an address no form would send", async () => {
    const email = `${"x".repeat(5_000)}@example.com`;
    const visitor = target.visitor();
    const signIn = await visitor.postJson("/api/auth/sign-in/email", { email, password: "whatever-1" });
    expect(signIn.status).toBe(400);
    expect((await signIn.json()).message).toBe("Please enter an email address of at most 254 characters.");
    const reset = await visitor.postJson("/api/auth/request-password-reset", { email });
    expect(reset.status).toBe(400);
  });

  it("refuses the most common passwords at sign-up and password change, over the API too", async () => {
    const signUp = await target.visitor().postJson("/api/auth/sign-up/email", {
      name: "Pat Common",
      email: "pat.common@example.com",
      password: "Password",
    });
    expect(signUp.status).toBe(400);
    expect((await signUp.json()).message).toBe(COMMON_PASSWORD_MESSAGE);

    const visitor = await target.signedIn({ email: member.email, password: DEFAULT_USER_PASSWORD });
    const change = await visitor.postJson("/api/auth/change-password", {
      currentPassword: DEFAULT_USER_PASSWORD,
      newPassword: "iloveyou",
    });
    expect(change.status).toBe(400);
    expect((await change.json()).message).toBe(COMMON_PASSWORD_MESSAGE);
    // The old password still works: nothing was changed.
    await target.signedIn({ email: member.email, password: DEFAULT_USER_PASSWORD });

    const reset = await target.visitor().postJson("/api/auth/reset-password", {
      newPassword: "qwerty123",
      token: "any-token",
    });
    expect(reset.status).toBe(400);
    expect((await reset.json()).message).toBe(COMMON_PASSWORD_MESSAGE);
  });
});
