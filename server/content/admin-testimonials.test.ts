import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import {
  createAdminTestimonial,
  deleteAdminTestimonial,
  listAdminTestimonials,
  testimonialInputSchema,
  updateAdminTestimonial,
} from "./admin-testimonials.ts";
import { loadHomeContent } from "./home.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const raw = (overrides: Record<string, unknown> = {}) => ({
  name: " Ana Ruiz ",
  title: "",
  content: "Steady energy all afternoon.",
  rating: "5",
  imageUrl: "",
  mediaType: "none",
  mediaUrl: "",
  active: true,
  ...overrides,
});
const messages = (values: Record<string, unknown>) =>
  testimonialInputSchema.safeParse(raw(values)).error?.issues.map((i) => i.message) ?? [];

describe("admin testimonials", () => {
  it("requires name and content, and a whole-number rating from 1 to 5", () => {
    expect(messages({ name: " ", content: "" })).toEqual(["Name is required", "Content is required"]);
    expect(messages({ rating: "" })).toEqual(["Rating is required"]);
    for (const rating of ["0", "6", "4.5", "five", "-1"])
      expect(messages({ rating })).toEqual(["Rating must be a whole number from 1 to 5"]);
    expect(testimonialInputSchema.parse(raw({ rating: "3" })).rating).toBe(3);
  });

  it("accepts only the three media types, needs a URL for image or video, and refuses script URLs", () => {
    expect(messages({ mediaType: "audio" })).toEqual(["Choose a media type: none, image or video"]);
    expect(messages({ mediaType: "video" })).toEqual(["Add the video (upload a file or enter its URL)"]);
    expect(messages({ mediaType: "image", mediaUrl: "javascript:alert(1)" })).toEqual([
      "Enter a URL starting with / or https://",
    ]);
    expect(messages({ imageUrl: "data:image/png;base64,AAAA" })).toEqual([
      "Enter a URL starting with / or https://",
    ]);
  });

  it("creates, updates and deletes; only active ones reach the home page", async () => {
    const db = database.db;
    const created = await createAdminTestimonial(
      db,
      testimonialInputSchema.parse(raw({ mediaType: "none", mediaUrl: "/uploads/ignored.webp" })),
    );
    expect(created).toMatchObject({ name: "Ana Ruiz", title: null, rating: 5, mediaUrl: null, active: true });
    expect((await loadHomeContent(db)).testimonials.map((t) => t.id)).toEqual([created.id]);

    const updated = await updateAdminTestimonial(
      db,
      created.id,
      testimonialInputSchema.parse(
        raw({ rating: "2", mediaType: "video", mediaUrl: "https://example.com/clip.mp4", active: false }),
      ),
    );
    expect(updated).toMatchObject({
      rating: 2,
      mediaType: "video",
      mediaUrl: "https://example.com/clip.mp4",
    });
    expect((await loadHomeContent(db)).testimonials).toEqual([]);
    expect(await listAdminTestimonials(db)).toHaveLength(1);

    expect(await updateAdminTestimonial(db, "not-an-id", testimonialInputSchema.parse(raw()))).toBeNull();
    expect(await deleteAdminTestimonial(db, created.id)).toBe(true);
    expect(await deleteAdminTestimonial(db, created.id)).toBe(false);
    expect(await listAdminTestimonials(db)).toEqual([]);
  });
});
