import { Form, Link } from "react-router";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { LoadError } from "~/components/admin/row-actions.tsx";
import { type FormState, TaxRateForm, ZoneForm } from "~/components/admin/shipping-forms.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { formText, parseForm } from "~/lib/forms.ts";
import { shippingZoneInputSchema, taxRateInputSchema } from "~core/forms/shipping-forms.ts";
import { formatMoney } from "~core/pricing/money.ts";
import { formatTaxRate } from "~core/pricing/sales-tax.ts";
import { settle } from "~server/http/error-response.ts";
import { deleteTaxRate, listTaxRates, saveTaxRate } from "~server/shipping/tax-rates.ts";
import {
  deleteShippingZone,
  listShippingZones,
  type ShippingZoneRow,
  saveShippingZone,
} from "~server/shipping/zones.ts";
import type { Route } from "./+types/shipping";
import { adminFailure, backWithToast } from "./admin-actions.server.ts";

/** Shipping zones and rates, and US sales tax per state (decisions 035 and 036). */

const PATH = "/admin/shipping";

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.database.db;
  const loaded = await settle(context.log, "loading shipping settings failed", async () => {
    const [zones, taxRates] = await Promise.all([listShippingZones(db), listTaxRates(db)]);
    return { zones, taxRates };
  });
  if (!loaded.ok) return { loadError: true, zones: [], taxRates: [], editing: null };
  const zoneId = new URL(request.url).searchParams.get("zone");
  const zone = loaded.value.zones.find((z) => z.id === zoneId);
  return { loadError: false, ...loaded.value, editing: zone ? zoneFormValues(zone) : null };
}

function zoneFormValues(zone: ShippingZoneRow): Record<string, string> {
  const dollars = (cents: number | null) => (cents === null ? "" : (cents / 100).toFixed(2));
  return {
    id: zone.id,
    zoneName: zone.zoneName,
    states: zone.states.join(", "),
    rateName: zone.rateName,
    price: dollars(zone.priceCents),
    freeOver: dollars(zone.freeOverCents),
  };
}

type Scoped = { form: "zone" | "tax" };

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.database.db;
  const values = formText(await request.formData());
  const run = async (what: string, scope: Scoped["form"], work: () => Promise<void>, done: string) => {
    const result = await settle(context.log, what, work);
    if (result.ok) return backWithToast(PATH, done);
    return adminFailure<Record<string, string> & Scoped>(result.message, result.status, {
      values: { ...values, form: scope },
    });
  };
  switch (values.intent) {
    case "save-zone": {
      const parsed = parseForm(shippingZoneInputSchema, values);
      if (!parsed.ok) return refused("zone", parsed);
      return run(
        "saving a shipping zone failed",
        "zone",
        () => saveShippingZone(db, values.id ?? "", parsed.data),
        "Shipping zone saved",
      );
    }
    case "delete-zone":
      return run(
        "deleting a shipping zone failed",
        "zone",
        () => deleteShippingZone(db, values.id ?? ""),
        "Shipping zone deleted",
      );
    case "save-tax": {
      const parsed = parseForm(taxRateInputSchema, values);
      if (!parsed.ok) return refused("tax", parsed);
      return run(
        "saving a tax rate failed",
        "tax",
        () => saveTaxRate(db, parsed.data),
        "Sales tax rate saved",
      );
    }
    case "delete-tax":
      return run(
        "deleting a tax rate failed",
        "tax",
        () => deleteTaxRate(db, values.state ?? ""),
        "Sales tax rate deleted",
      );
    default:
      return adminFailure({ title: "Error", description: "Unknown action." }, 400);
  }
}

function refused(form: Scoped["form"], parsed: FormState) {
  return adminFailure<Record<string, string> & Scoped>(
    { title: "Error", description: "Please check the highlighted fields." },
    400,
    { values: { ...parsed.values, form }, errors: parsed.errors },
  );
}

export default function Shipping({ loaderData, actionData }: Route.ComponentProps) {
  useFlashToast(actionData?.toast);
  const { zones, taxRates, editing, loadError } = loaderData;
  const failed = actionData?.values ? { errors: actionData.errors, values: actionData.values } : null;
  return (
    <>
      <PageHeader
        title="Shipping & Tax"
        subtitle="What shipping costs where, and the sales tax each state collects."
      />
      {loadError && <LoadError>Failed to load the shipping settings. Please reload the page.</LoadError>}
      <section aria-labelledby="zones-title" className="mb-10 flex flex-col gap-4">
        <h2 id="zones-title" className="font-display text-2xl font-semibold">
          Shipping zones
        </h2>
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Zone</TableHead>
              <TableHead>States</TableHead>
              <TableHead>Rate</TableHead>
              <TableHead>Price</TableHead>
              <TableHead>Free over</TableHead>
              <TableHead>Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {zones.map((zone) => (
              <TableRow key={zone.id}>
                <TableCell>{zone.zoneName}</TableCell>
                <TableCell>{zone.states.length ? zone.states.join(", ") : "All other states"}</TableCell>
                <TableCell>{zone.rateName}</TableCell>
                <TableCell>{formatMoney(zone.priceCents)}</TableCell>
                <TableCell>{zone.freeOverCents === null ? "—" : formatMoney(zone.freeOverCents)}</TableCell>
                <TableCell className="flex gap-2">
                  <Link
                    to={`${PATH}?zone=${zone.id}`}
                    aria-label={`Edit ${zone.zoneName}`}
                    className="text-sm underline"
                  >
                    Edit
                  </Link>
                  {zone.states.length > 0 && (
                    <RowDelete
                      intent="delete-zone"
                      field="id"
                      value={zone.id}
                      label={`Delete ${zone.zoneName}`}
                    />
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <ZoneForm editing={editing} state={failed?.values.form === "zone" ? failed : null} />
      </section>
      <section aria-labelledby="tax-title" className="flex flex-col gap-4">
        <h2 id="tax-title" className="font-display text-2xl font-semibold">
          Sales tax
        </h2>
        <p className="text-sm text-muted-foreground">
          Taken on the goods after every discount, in the state the order ships to. States not listed collect
          no tax.
        </p>
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>State</TableHead>
              <TableHead>Rate</TableHead>
              <TableHead>Shipping taxed</TableHead>
              <TableHead>Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {taxRates.map((rate) => (
              <TableRow key={rate.state}>
                <TableCell>{rate.state}</TableCell>
                <TableCell>{formatTaxRate(rate.basisPoints)}</TableCell>
                <TableCell>{rate.taxesShipping ? "Yes" : "No"}</TableCell>
                <TableCell>
                  <RowDelete
                    intent="delete-tax"
                    field="state"
                    value={rate.state}
                    label={`Delete ${rate.state} rate`}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <TaxRateForm state={failed?.values.form === "tax" ? failed : null} />
      </section>
    </>
  );
}

function RowDelete(props: { intent: string; field: string; value: string; label: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={props.intent} />
      <input type="hidden" name={props.field} value={props.value} />
      <Button type="submit" variant="ghost" size="sm" aria-label={props.label}>
        Delete
      </Button>
    </Form>
  );
}
