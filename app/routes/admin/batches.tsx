import { Link, useNavigation } from "react-router";
import { BatchForm } from "~/components/admin/batch-form.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { LoadError } from "~/components/admin/row-actions.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { Card, CardContent, CardHeader } from "~/components/ui/card.tsx";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableMessageRow,
  TableRow,
} from "~/components/ui/table.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { formatDate, formatDateTime } from "~/lib/dates.ts";
import { formatSerial } from "~core/catalog/serial-code.ts";
import { settle } from "~server/http/error-response.ts";
import { redirectWithToast } from "~server/http/flash.ts";
import { uploadTooLarge } from "~server/media/upload-request.ts";
import { type AdminBatch, createBatch, listBatches } from "~server/validity/batches.ts";
import { listFlaggedSerials } from "~server/validity/serials.ts";
import type { Route } from "./+types/batches";
import { batchFormFailure, readBatchForm } from "./batch-form.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const db = context.database.db;
  const loaded = await settle(context.log, "loading batches failed", async () => {
    const [batches, flagged] = await Promise.all([listBatches(db), listFlaggedSerials(db)]);
    return { batches, flagged };
  });
  if (loaded.ok) return { loadError: false, ...loaded.value };
  return { loadError: true, batches: [] as AdminBatch[], flagged: [] as FlaggedRow[] };
}
type FlaggedRow = Awaited<ReturnType<typeof listFlaggedSerials>>[number];

export async function action({ request, context }: Route.ActionArgs) {
  if (uploadTooLarge(request)) return batchFormFailure("The file must be 5 MB or smaller", 413);
  const form = await request.formData();
  const read = await readBatchForm(context, request, form);
  if (!read.ok) return read.failure;
  const created = await settle(context.log, "creating a batch failed", () =>
    createBatch(context.database.db, read.input, read.coaUrl),
  );
  if (!created.ok)
    return batchFormFailure(created.message.description ?? created.message.title, created.status, form);
  return redirectWithToast(`/admin/batches/${created.value}`, { title: "Batch created", variant: "success" });
}

export default function Batches({ loaderData, actionData }: Route.ComponentProps) {
  useFlashToast(actionData?.toast);
  const busy = useNavigation().state === "submitting";
  const { batches, flagged } = loaderData;
  return (
    <>
      <PageHeader title="Batches" subtitle={`${batches.length} batches`} />
      {loaderData.loadError && <LoadError>Failed to fetch batches</LoadError>}
      <Card className="mb-8">
        <CardHeader>
          <h2 className="font-display text-xl font-semibold">New Batch</h2>
        </CardHeader>
        <CardContent>
          <BatchForm
            values={actionData?.values ?? {}}
            errors={actionData?.errors ?? {}}
            submitLabel="Create Batch"
            busy={busy}
          />
        </CardContent>
      </Card>
      <BatchTable batches={batches} />
      <FlaggedSerials flagged={flagged} />
    </>
  );
}

function BatchTable({ batches }: { batches: AdminBatch[] }) {
  return (
    <section aria-labelledby="batches-heading" className="mb-10">
      <h2 id="batches-heading" className="mb-3 font-display text-xl font-semibold">
        All Batches
      </h2>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Batch</TableHead>
            <TableHead>Product</TableHead>
            <TableHead>Expires</TableHead>
            <TableHead>Serials</TableHead>
            <TableHead>Flagged</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {batches.length === 0 && <TableMessageRow colSpan={5}>No batches yet</TableMessageRow>}
          {batches.map((b) => (
            <TableRow key={b.id}>
              <TableCell>
                <Link to={`/admin/batches/${b.id}`} className="font-mono text-primary underline">
                  {b.batchNumber}
                </Link>
              </TableCell>
              <TableCell>{b.productName}</TableCell>
              <TableCell>{formatDate(b.expiresOn)}</TableCell>
              <TableCell>{b.serialCount}</TableCell>
              <TableCell>
                {b.flaggedCount > 0 && <Badge variant="destructive">{b.flaggedCount}</Badge>}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}

function FlaggedSerials({ flagged }: { flagged: FlaggedRow[] }) {
  return (
    <section aria-labelledby="flagged-heading">
      <h2 id="flagged-heading" className="mb-1 font-display text-xl font-semibold">
        Flagged Serials
      </h2>
      <p className="mb-3 text-sm text-muted-foreground">
        Serials checked from several different devices or networks: the label may have been copied.
      </p>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Serial</TableHead>
            <TableHead>Batch</TableHead>
            <TableHead>First verified</TableHead>
            <TableHead>Lookups</TableHead>
            <TableHead>Clients</TableHead>
            <TableHead>Flagged at</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {flagged.length === 0 && <TableMessageRow colSpan={6}>No flagged serials</TableMessageRow>}
          {flagged.map((s) => (
            <TableRow key={s.id}>
              <TableCell className="font-mono">{formatSerial(s.code)}</TableCell>
              <TableCell className="font-mono">{s.batchNumber}</TableCell>
              <TableCell>{s.firstVerifiedAt && formatDateTime(s.firstVerifiedAt)}</TableCell>
              <TableCell>{s.lookupCount}</TableCell>
              <TableCell>{s.clientCount}</TableCell>
              <TableCell>{s.flaggedAt && formatDateTime(s.flaggedAt)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}
