import { describe, expect, it } from "vitest";
import { adminEnv, testAdmin } from "../support/e2e-helpers.ts";
import { setupTarget } from "./support.ts";

const target = setupTarget({ env: adminEnv });

/** Saves a blog post whose featured image URL is `imageUrl` (the form's field). */
async function savePostWithImage(imageUrl: string) {
  const admin = await target.signedIn(testAdmin);
  return admin.postForm("/admin/blog/new", { title: `Image ${imageUrl}`, content: "Body", imageUrl });
}

describe("media URL fields", () => {
  it.each([
    "/\\evil.example/x.png",
    "/\t/evil.example/x.png",
    "/\n/evil.example/x.png",
    "//evil.example/x.png",
    "javascript:alert(1)",
    "https://\\evil.example/x.png",
  ])("refuse %j, which a browser would load from another host or run", async (imageUrl) => {
    const response = await savePostWithImage(imageUrl);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Enter a URL starting with / or https://");
  });

  it.each(["/uploads/photo.webp", "https://cdn.example.com/a/b.png"])("accept %j", async (imageUrl) => {
    const response = await savePostWithImage(imageUrl);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/blog");
  });
});
