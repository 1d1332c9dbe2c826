import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { imageUrlField, orNull } from "../../core/forms/admin-fields.ts";
import { deleteTracked, insertTracked, type Tracked, updateTracked } from "../audit/tracked.ts";
import type { Db } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { testimonials } from "../db/schema/index.ts";

export const TESTIMONIAL_MEDIA_TYPES = ["none", "image", "video"] as const;

/** The testimonial form (spec: name, rating 1–5 and content required; media type none/image/video). */
export const testimonialInputSchema = z
  .object({
    name: z.string().trim().min(1, "Name is required").max(100, "Name must be at most 100 characters"),
    title: z.string().trim().max(100, "Title must be at most 100 characters"),
    content: z
      .string()
      .trim()
      .min(1, "Content is required")
      .max(5000, "Content must be at most 5000 characters"),
    rating: z
      .string()
      .trim()
      .min(1, "Rating is required")
      .refine((v) => v === "" || /^[1-5]$/.test(v), "Rating must be a whole number from 1 to 5")
      .transform(Number),
    imageUrl: imageUrlField,
    mediaType: z.enum(TESTIMONIAL_MEDIA_TYPES, "Choose a media type: none, image or video"),
    mediaUrl: imageUrlField,
    active: z.boolean(),
  })
  .superRefine((t, ctx) => {
    if (t.mediaType !== "none" && t.mediaUrl === "")
      ctx.addIssue({
        code: "custom",
        path: ["mediaUrl"],
        message: `Add the ${t.mediaType} (upload a file or enter its URL)`,
      });
  });
export type TestimonialInput = z.output<typeof testimonialInputSchema>;
export type AdminTestimonial = typeof testimonials.$inferSelect;

function columns(input: TestimonialInput) {
  return {
    ...input,
    title: orNull(input.title),
    imageUrl: orNull(input.imageUrl),
    // A media URL only means something with a media type.
    mediaUrl: input.mediaType === "none" ? null : input.mediaUrl,
  };
}

export function listAdminTestimonials(db: Db): Promise<AdminTestimonial[]> {
  return db.select().from(testimonials).orderBy(desc(testimonials.createdAt));
}

export async function getAdminTestimonial(db: Db, id: string): Promise<AdminTestimonial | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(testimonials).where(eq(testimonials.id, id));
  return row ?? null;
}

export async function createAdminTestimonial(db: Db, input: TestimonialInput): Promise<AdminTestimonial> {
  return insertTracked(db, testimonials, columns(input), trackedTestimonial);
}

/** null when the testimonial no longer exists. */
export async function updateAdminTestimonial(
  db: Db,
  id: string,
  input: TestimonialInput,
): Promise<AdminTestimonial | null> {
  if (!isUuid(id)) return null;
  return updateTracked(db, testimonials, id, columns(input), trackedTestimonial);
}

export async function deleteAdminTestimonial(db: Db, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  return deleteTracked(db, testimonials, id, trackedTestimonial);
}

/** Testimonials in the audit log, by who gave them. */
const trackedTestimonial: Tracked<typeof testimonials> = { entityType: "testimonial", label: (t) => t.name };
