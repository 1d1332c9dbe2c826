import { Plus } from "lucide-react";
import { Link } from "react-router";
import { FormCard } from "~/components/admin/form-card.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { DeleteButton, EditLink, LoadError } from "~/components/admin/row-actions.tsx";
import {
  emptyTestimonialForm,
  TestimonialForm,
  type TestimonialFormState,
} from "~/components/admin/testimonial-form.tsx";
import { StarRating } from "~/components/store/star-rating.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { testimonialFormValues } from "~/lib/admin/admin-form-values.ts";
import { refusedBy, useRecordFormKey } from "~/lib/form-reset-key.ts";
import {
  type AdminTestimonial,
  createAdminTestimonial,
  deleteAdminTestimonial,
  listAdminTestimonials,
  testimonialInputSchema,
  updateAdminTestimonial,
} from "~server/content/admin-testimonials.ts";
import { uploadTooLarge } from "~server/media/upload-request.ts";
import type { Route } from "./+types/testimonials";
import { adminFailure, deleteIntent, runIntent } from "./admin-actions.server.ts";
import { loadListScreen, saveForm, storeFormUploads } from "./admin-save.server.ts";

const PATH = "/admin/testimonials";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { rows: testimonials, ...screen } = await loadListScreen(
    context,
    request,
    "loading testimonials failed",
    () => listAdminTestimonials(context.database.db),
    { toForm: toFormState, empty: emptyTestimonialForm },
  );
  return { ...screen, testimonials };
}

export async function action({ request, context }: Route.ActionArgs) {
  if (uploadTooLarge(request))
    return adminFailure(
      { title: "Failed to save testimonial", description: "The image must be 5 MB or smaller" },
      413,
    );
  return runIntent<TestimonialFormState>(await request.formData(), context.database.db, {
    delete: deleteIntent(PATH, deleteAdminTestimonial, {
      success: "Testimonial deleted successfully",
      failure: { title: "Failed to delete testimonial" },
    }),
    save: async ({ form, db, id }) => {
      const values = testimonialFormValues(form);
      const errors = await storeFormUploads(context, request, form, values, {
        imageFile: "imageUrl",
        mediaFile: "mediaUrl",
      });
      return saveForm({
        id,
        values,
        errors,
        schema: testimonialInputSchema,
        create: (input) => createAdminTestimonial(db, input),
        update: (id, input) => updateAdminTestimonial(db, id, input),
        path: PATH,
        noun: "Testimonial",
        log: context.log,
      });
    },
  });
}

function toFormState(t: AdminTestimonial): TestimonialFormState {
  return {
    id: t.id,
    name: t.name,
    title: t.title ?? "",
    content: t.content,
    rating: String(t.rating),
    imageUrl: t.imageUrl ?? "",
    mediaType: t.mediaType,
    mediaUrl: t.mediaUrl ?? "",
    active: t.active,
  };
}

export default function Testimonials({ loaderData, actionData }: Route.ComponentProps) {
  useFlashToast(actionData?.toast);
  const form = actionData?.values ?? loaderData.form;
  const formKey = useRecordFormKey(refusedBy(actionData), form?.id);
  const { testimonials } = loaderData;
  return (
    <>
      <PageHeader title="Testimonials Management" subtitle={`${testimonials.length} testimonials`}>
        {!form && (
          <Link to="?new" className={buttonClass()}>
            <Plus aria-hidden />
            Add Testimonial
          </Link>
        )}
      </PageHeader>

      {form && (
        <FormCard title={form.id ? "Edit Testimonial" : "Add New Testimonial"}>
          <TestimonialForm key={formKey} initial={form} errors={actionData?.errors ?? {}} />
        </FormCard>
      )}

      {loaderData.loadError && <LoadError>Failed to fetch testimonials</LoadError>}
      {!loaderData.loadError && testimonials.length === 0 && (
        <p className="rounded-lg border py-12 text-center text-muted-foreground">No testimonials found.</p>
      )}
      <ul className="grid gap-6 md:grid-cols-2 xl:grid-cols-3" aria-label="Testimonials">
        {testimonials.map((t) => (
          <li key={t.id}>
            <TestimonialCard testimonial={t} />
          </li>
        ))}
      </ul>
    </>
  );
}

const mediaLabel = { none: "No media", image: "Image", video: "Video" } as const;

function TestimonialCard({ testimonial: t }: { testimonial: AdminTestimonial }) {
  return (
    <article aria-label={t.name} className="flex h-full flex-col gap-4 rounded-lg border bg-card p-5">
      <header className="flex items-center gap-3">
        {t.imageUrl ? (
          <img src={t.imageUrl} alt="" className="size-12 rounded-full object-cover" />
        ) : (
          <span
            aria-hidden
            className="flex size-12 items-center justify-center rounded-full bg-accent font-semibold text-primary"
          >
            {t.name.charAt(0)}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-semibold">{t.name}</h3>
          {t.title && <p className="truncate text-sm text-muted-foreground">{t.title}</p>}
        </div>
      </header>
      <StarRating rating={t.rating} />
      {t.mediaType === "image" && t.mediaUrl && (
        <img
          src={t.mediaUrl}
          alt={`Media of ${t.name}`}
          className="aspect-video w-full rounded-md object-cover"
        />
      )}
      {t.mediaType === "video" && t.mediaUrl && (
        <a
          href={t.mediaUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="text-sm text-primary underline"
        >
          Video of {t.name} (opens in a new tab)
        </a>
      )}
      <p className="line-clamp-4 text-sm break-words whitespace-pre-line">{t.content}</p>
      <div className="mt-auto flex items-center gap-2">
        <Badge variant={t.active ? "success" : "muted"}>{t.active ? "Active" : "Inactive"}</Badge>
        <Badge variant="secondary">{mediaLabel[t.mediaType]}</Badge>
        <div className="ml-auto flex gap-1">
          <EditLink to={`?edit=${t.id}`} name={t.name} />
          <DeleteButton
            id={t.id}
            name={t.name}
            title="Delete testimonial"
            question="Are you sure you want to delete this testimonial?"
          />
        </div>
      </div>
    </article>
  );
}
