import { ExternalLink, Handshake, Plus } from "lucide-react";
import { Link } from "react-router";
import { FormCard } from "~/components/admin/form-card.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { emptyPartnerForm, PartnerForm, type PartnerFormState } from "~/components/admin/partner-form.tsx";
import { DeleteButton, EditLink, LoadError } from "~/components/admin/row-actions.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { partnerFormValues } from "~/lib/admin/admin-form-values.ts";
import { refusedBy, useRecordFormKey } from "~/lib/form-reset-key.ts";
import {
  type AdminPartner,
  createAdminPartner,
  deleteAdminPartner,
  listAdminPartners,
  partnerInputSchema,
  updateAdminPartner,
} from "~server/content/admin-partners.ts";
import { uploadTooLarge } from "~server/media/upload-request.ts";
import type { Route } from "./+types/partners";
import { adminFailure, deleteIntent, runIntent } from "./admin-actions.server.ts";
import { loadListScreen, saveForm, storeFormUploads } from "./admin-save.server.ts";

const PATH = "/admin/partners";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { rows: partners, ...screen } = await loadListScreen(
    context,
    request,
    "loading partners failed",
    () => listAdminPartners(context.database.db),
    { toForm: toFormState, empty: emptyPartnerForm },
  );
  return { ...screen, partners };
}

export async function action({ request, context }: Route.ActionArgs) {
  if (uploadTooLarge(request))
    return adminFailure(
      { title: "Failed to save partner", description: "The image must be 5 MB or smaller" },
      413,
    );
  return runIntent<PartnerFormState>(await request.formData(), context.database.db, {
    delete: deleteIntent(PATH, deleteAdminPartner, {
      success: "Partner deleted successfully",
      failure: { title: "Failed to delete partner" },
    }),
    save: async ({ form, db, id }) => {
      const values = partnerFormValues(form);
      const errors = await storeFormUploads(context, request, form, values, { logoFile: "logoUrl" });
      return saveForm({
        id,
        values,
        errors,
        schema: partnerInputSchema,
        create: (input) => createAdminPartner(db, input),
        update: (id, input) => updateAdminPartner(db, id, input),
        path: PATH,
        noun: "Partner",
        log: context.log,
      });
    },
  });
}

function toFormState(p: AdminPartner): PartnerFormState {
  return {
    id: p.id,
    name: p.name,
    logoUrl: p.logoUrl ?? "",
    websiteUrl: p.websiteUrl ?? "",
    description: p.description ?? "",
    active: p.active,
  };
}

export default function Partners({ loaderData, actionData }: Route.ComponentProps) {
  useFlashToast(actionData?.toast);
  const form = actionData?.values ?? loaderData.form;
  const formKey = useRecordFormKey(refusedBy(actionData), form?.id);
  const { partners } = loaderData;
  return (
    <>
      <PageHeader title="Partners Management" subtitle={`${partners.length} partners`}>
        {!form && (
          <Link to="?new" className={buttonClass()}>
            <Plus aria-hidden />
            Add Partner
          </Link>
        )}
      </PageHeader>

      {form && (
        <FormCard title={form.id ? "Edit Partner" : "Add New Partner"}>
          <PartnerForm key={formKey} initial={form} errors={actionData?.errors ?? {}} />
        </FormCard>
      )}

      {loaderData.loadError && <LoadError>Failed to fetch partners</LoadError>}
      {!loaderData.loadError && partners.length === 0 && (
        <p className="rounded-lg border py-12 text-center text-muted-foreground">No partners found.</p>
      )}
      <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3" aria-label="Partners">
        {partners.map((p) => (
          <li key={p.id}>
            <PartnerCard partner={p} />
          </li>
        ))}
      </ul>
    </>
  );
}

function PartnerCard({ partner: p }: { partner: AdminPartner }) {
  return (
    <article aria-label={p.name} className="flex h-full flex-col gap-3 rounded-lg border bg-card p-5">
      <div className="flex aspect-[3/1] items-center justify-center overflow-hidden rounded-md bg-background">
        {p.logoUrl ? (
          <img src={p.logoUrl} alt={`${p.name} logo`} className="size-full object-contain" />
        ) : (
          <Handshake className="size-8 text-muted-foreground" aria-hidden />
        )}
      </div>
      <h3 className="font-semibold">{p.name}</h3>
      {p.description && <p className="line-clamp-3 text-sm text-muted-foreground">{p.description}</p>}
      {p.websiteUrl && (
        <a
          href={p.websiteUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 self-start text-sm font-medium text-primary hover:underline"
        >
          Visit Website
          <span className="sr-only"> of {p.name} (opens in a new tab)</span>
          <ExternalLink className="size-3.5" aria-hidden />
        </a>
      )}
      <div className="mt-auto flex items-center gap-2">
        <Badge variant={p.active ? "success" : "muted"}>{p.active ? "Active" : "Inactive"}</Badge>
        <div className="ml-auto flex gap-1">
          <EditLink to={`?edit=${p.id}`} name={p.name} />
          <DeleteButton
            id={p.id}
            name={p.name}
            title="Delete partner"
            question="Are you sure you want to delete this partner?"
          />
        </div>
      </div>
    </article>
  );
}
