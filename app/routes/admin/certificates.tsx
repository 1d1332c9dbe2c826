import { FileBadge } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { DeleteButton, LoadError } from "~/components/admin/row-actions.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardContent, CardHeader } from "~/components/ui/card.tsx";
import { Input } from "~/components/ui/input.tsx";
import { Label } from "~/components/ui/label.tsx";
import { Spinner } from "~/components/ui/spinner.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { CERTIFICATE_SLOTS } from "~core/catalog/certificate-slots.ts";
import {
  type AdminCertificate,
  certificateInputSchema,
  certificateSlotSchema,
  deleteCertificate,
  listAdminCertificates,
  saveCertificate,
} from "~server/content/admin-certificates.ts";
import { settle } from "~server/http/error-response.ts";
import { receiveImageUpload, uploadTooLarge } from "~server/media/upload-request.ts";
import type { Route } from "./+types/certificates";
import {
  adminFailure,
  backWithToast,
  deleteIntent,
  type IntentArgs,
  runIntent,
} from "./admin-actions.server.ts";

const PATH = "/admin/certificates";
const saveFailed = (description: string, status = 400) =>
  adminFailure<{ slot: string }>({ title: "Failed to save certificate", description }, status);

export async function loader({ context }: Route.LoaderArgs) {
  const loaded = await settle(context.log, "loading certificates failed", () =>
    listAdminCertificates(context.database.db),
  );
  return { loadError: !loaded.ok, certificates: loaded.ok ? loaded.value : ([] as AdminCertificate[]) };
}

export async function action({ request, context }: Route.ActionArgs) {
  if (uploadTooLarge(request)) return saveFailed("The image must be 5 MB or smaller", 413);
  return runIntent<{ slot: string }>(await request.formData(), context.database.db, {
    delete: deleteIntent(
      PATH,
      (db, slot) => {
        const parsed = certificateSlotSchema.safeParse(slot);
        return parsed.success ? deleteCertificate(db, parsed.data) : Promise.resolve(false);
      },
      { success: "Certificate deleted successfully", failure: { title: "Failed to delete certificate" } },
    ),
    save: async ({ form, db }: IntentArgs) => {
      const upload = await receiveImageUpload(context, request, "file", form);
      if (upload && "error" in upload) return saveFailed(upload.error);
      const parsed = certificateInputSchema.safeParse({
        slot: form.get("slot"),
        imageUrl: upload?.url ?? "",
      });
      if (!parsed.success) return saveFailed(parsed.error.issues[0]!.message);
      const saved = await settle(context.log, "saving a certificate failed", () =>
        saveCertificate(db, parsed.data),
      );
      if (!saved.ok) return saveFailed(saved.message.description ?? saved.message.title, saved.status);
      return backWithToast(PATH, `Certificate ${parsed.data.slot} saved successfully`);
    },
  });
}

export default function Certificates({ loaderData, actionData }: Route.ComponentProps) {
  useFlashToast(actionData?.toast);
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formAction === PATH;
  const filled = loaderData.certificates;
  return (
    <>
      <PageHeader
        title="Certificates"
        subtitle={`${filled.length} of ${CERTIFICATE_SLOTS.length} certificates (shown on the home page)`}
      />
      {loaderData.loadError && <LoadError>Failed to fetch certificates</LoadError>}
      <div className="relative grid gap-6 lg:grid-cols-2" aria-busy={saving}>
        {CERTIFICATE_SLOTS.map(({ slot, label }) => (
          <CertificateSlot
            key={slot}
            slot={slot}
            label={label}
            certificate={filled.find((c) => c.displayOrder === slot)}
          />
        ))}
        {saving && (
          <div className="absolute inset-0 z-10 flex items-center justify-center gap-3 rounded-lg bg-background/80 backdrop-blur-[1px]">
            <Spinner label="Saving certificate" />
            <span className="font-medium">Saving...</span>
          </div>
        )}
      </div>
    </>
  );
}

function CertificateSlot({
  slot,
  label,
  certificate,
}: {
  slot: number;
  label: string;
  certificate: AdminCertificate | undefined;
}) {
  const headingId = `certificate-${slot}-heading`;
  const fileId = `certificate-${slot}-file`;
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <h2 id={headingId} className="font-display text-xl font-semibold">
          {label}
        </h2>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex aspect-[4/3] items-center justify-center overflow-hidden rounded-md border bg-muted">
          {certificate ? (
            <img src={certificate.imageUrl} alt={certificate.title} className="size-full object-contain" />
          ) : (
            <p className="flex flex-col items-center gap-2 text-sm text-muted-foreground">
              <FileBadge className="size-8" aria-hidden />
              No certificate uploaded
            </p>
          )}
        </div>
        <Form method="post" encType="multipart/form-data" className="flex flex-col gap-2" action={PATH}>
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="slot" value={slot} />
          <Label htmlFor={fileId}>Image file for certificate {slot}</Label>
          <Input
            id={fileId}
            name="file"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
            aria-describedby={`${fileId}-hint`}
          />
          <p id={`${fileId}-hint`} className="text-xs text-muted-foreground">
            JPEG, PNG, WebP, GIF or AVIF, up to 5 MB.
          </p>
          <div className="flex gap-2">
            <Button type="submit" aria-label={`${certificate ? "Replace" : "Upload"} certificate ${slot}`}>
              {certificate ? "Replace" : "Upload"}
            </Button>
          </div>
        </Form>
        {certificate && (
          <div className="flex items-center gap-2 text-sm text-muted-foreground">
            Delete this certificate
            <DeleteButton
              id={String(slot)}
              name={`certificate ${slot}`}
              title="Delete certificate"
              question={`Are you sure you want to delete certificate ${slot}?`}
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
