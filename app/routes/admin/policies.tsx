import { data, Link } from "react-router";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { LoadError } from "~/components/admin/row-actions.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table.tsx";
import { formatDateTime } from "~/lib/dates.ts";
import { settle } from "~server/http/error-response.ts";
import { policyStatuses } from "~server/policies/read.ts";
import type { Route } from "./+types/policies";

export async function loader({ context }: Route.LoaderArgs) {
  const loaded = await settle(context.log, "loading policies failed", () =>
    policyStatuses(context.database.db),
  );
  if (!loaded.ok) return data({ policies: [], loadError: true }, { status: loaded.status });
  return { policies: loaded.value, loadError: false };
}

export default function Policies({ loaderData }: Route.ComponentProps) {
  const { policies, loadError } = loaderData;
  return (
    <>
      <PageHeader
        title="Policies"
        subtitle="The shop's legal pages: each save is a new version, and each order records the versions in force"
      />
      {loadError ? (
        <LoadError>Failed to fetch policies</LoadError>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Policy</TableHead>
              <TableHead>Version in force</TableHead>
              <TableHead>Last updated</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {policies.map((p) => (
              <TableRow key={p.slug}>
                <TableCell>
                  <a
                    href={`/policies/${p.slug}`}
                    target="_blank"
                    rel="noopener"
                    className="font-medium hover:underline"
                  >
                    {p.title}
                  </a>{" "}
                  {p.isTemplate && <Badge variant="warning">Starter template</Badge>}
                </TableCell>
                <TableCell>{p.version ?? "—"}</TableCell>
                <TableCell className="whitespace-nowrap">
                  {p.updatedAt ? formatDateTime(p.updatedAt) : "—"}
                </TableCell>
                <TableCell className="text-right">
                  <Link
                    to={`/admin/policies/${p.slug}`}
                    aria-label={`Edit ${p.title}`}
                    className={buttonClass({ variant: "outline", size: "sm" })}
                  >
                    Edit
                  </Link>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </>
  );
}
