import { useState } from "react";
import { Field } from "~/components/admin/field.tsx";
import { FormSwitch } from "~/components/admin/form-switch.tsx";
import { ImageUpload } from "~/components/admin/image-upload.tsx";
import { FieldError } from "~/components/ui/field-error.tsx";
import { Input } from "~/components/ui/input.tsx";
import { Textarea } from "~/components/ui/textarea.tsx";
import { useHydrated } from "~/hooks/use-hydrated.ts";
import type { FieldErrors } from "~/lib/forms.ts";
import { SaveForm } from "./save-form.tsx";

export type TestimonialFormState = {
  id?: string;
  name: string;
  title: string;
  content: string;
  rating: string;
  imageUrl: string;
  mediaType: string;
  mediaUrl: string;
  active: boolean;
};

export const emptyTestimonialForm: TestimonialFormState = {
  name: "",
  title: "",
  content: "",
  rating: "5",
  imageUrl: "",
  mediaType: "none",
  mediaUrl: "",
  active: true,
};

const mediaTypes = [
  { value: "none", label: "None" },
  { value: "image", label: "Image" },
  { value: "video", label: "Video" },
];

type Errors = FieldErrors;

export function TestimonialForm({ initial, errors }: { initial: TestimonialFormState; errors: Errors }) {
  const error = (name: string) => errors[name];
  return (
    <SaveForm
      id={initial.id}
      cancelTo="/admin/testimonials"
      submitLabel={initial.id ? "Update Testimonial" : "Add Testimonial"}
      multipart
      className="grid gap-5 md:grid-cols-2"
    >
      <Field id="name" label="Name" error={error("name")}>
        {(p) => <Input {...p} name="name" defaultValue={initial.name} maxLength={100} />}
      </Field>
      <Field id="title" label="Title (Optional)" hint="e.g. Verified buyer" error={error("title")}>
        {(p) => <Input {...p} name="title" defaultValue={initial.title} maxLength={100} />}
      </Field>
      <Field id="content" label="Content" error={error("content")} className="md:col-span-2">
        {(p) => <Textarea {...p} name="content" rows={5} defaultValue={initial.content} />}
      </Field>
      <Field id="rating" label="Rating (1-5)" error={error("rating")}>
        {(p) => (
          <Input
            {...p}
            name="rating"
            type="number"
            inputMode="numeric"
            min="1"
            max="5"
            step="1"
            defaultValue={initial.rating}
          />
        )}
      </Field>
      <div className="self-end pb-2">
        <FormSwitch name="active" label="Active" defaultChecked={initial.active} />
      </div>
      <fieldset className="flex flex-col gap-2 md:col-span-2">
        <legend className="mb-2 text-sm font-medium">Profile image (Optional)</legend>
        <ImageUpload
          defaultUrl={initial.imageUrl}
          error={error("imageUrl")}
          previewAlt="Profile image preview"
          name="imageUrl"
          fileName="imageFile"
          uploadLabel="Upload profile image"
          urlLabel="Profile image URL"
        />
      </fieldset>
      <MediaFields initial={initial} error={error} />
    </SaveForm>
  );
}

/**
 * Media type and its file or URL. Images can be uploaded; videos are given by URL (a video file
 * plays on the home page, a link to a video site is offered as a link). Without JavaScript every
 * field stays visible, because the choice cannot hide them.
 */
function MediaFields({
  initial,
  error,
}: {
  initial: TestimonialFormState;
  error: (name: string) => string | undefined;
}) {
  const [mediaType, setMediaType] = useState(initial.mediaType);
  const hydrated = useHydrated();
  return (
    <fieldset className="flex flex-col gap-3 md:col-span-2">
      <legend className="mb-2 text-sm font-medium">Media type</legend>
      <div className="flex flex-wrap gap-6">
        {mediaTypes.map((t) => (
          <label key={t.value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="mediaType"
              value={t.value}
              defaultChecked={initial.mediaType === t.value}
              onChange={() => setMediaType(t.value)}
              className="size-4 accent-primary"
            />
            {t.label}
          </label>
        ))}
      </div>
      <FieldError message={error("mediaType")} />
      {hydrated && mediaType === "video" ? (
        <Field
          id="mediaUrl"
          label="Video URL"
          hint="A video file (.mp4, .webm) or a page on a video site."
          error={error("mediaUrl")}
        >
          {(p) => <Input {...p} name="mediaUrl" defaultValue={initial.mediaUrl} placeholder="https://…" />}
        </Field>
      ) : (
        (!hydrated || mediaType === "image") && (
          <ImageUpload
            defaultUrl={initial.mediaUrl}
            error={error("mediaUrl")}
            previewAlt="Media preview"
            name="mediaUrl"
            fileName="mediaFile"
            uploadLabel="Upload media image"
            urlLabel="Media URL (image, or a video URL)"
          />
        )
      )}
    </fieldset>
  );
}
