import { MapPin, Plus } from "lucide-react";
import { data, Form, Link } from "react-router";
import { AddressFields, ZipStateWarning } from "~/components/account/address-fields.tsx";
import { SubmitButton } from "~/components/account/submit-button.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { Card, CardContent, CardHeader } from "~/components/ui/card.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { useFormResetKey } from "~/lib/form-reset-key.ts";
import { brand } from "~core/brand.ts";
import { MAX_SAVED_ADDRESSES } from "~core/orders/address.ts";
import { listAddresses, type SavedAddress } from "~server/accounts/addresses.ts";
import { requireUser } from "~server/auth/session.ts";
import type { Route } from "./+types/addresses";
import {
  type AddressActionData,
  deleteAddressForm,
  makeDefaultAddressForm,
  saveAddressForm,
} from "./addresses.server.ts";

export function meta() {
  return [{ title: `My Addresses | ${brand.name}` }, { name: "robots", content: "noindex" }];
}

/** The signed-in customer's address book; `?edit={id}` opens one address's form (no JavaScript needed). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const addresses = await listAddresses(context.database.db, user.id);
  const edit = new URL(request.url).searchParams.get("edit");
  return {
    addresses,
    editingId: addresses.some((a) => a.id === edit) ? edit : null,
    full: addresses.length >= MAX_SAVED_ADDRESSES,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const form = await request.formData();
  const args = { context, userId: user.id, form };
  switch (form.get("intent")) {
    case "add":
      return saveAddressForm(args, "add");
    case "update":
      return saveAddressForm(args, "update");
    case "delete":
      return deleteAddressForm(args);
    case "make-default":
      return makeDefaultAddressForm(args);
    default:
      throw data("Unknown form", { status: 400 });
  }
}

type Refused = AddressActionData & { toast?: Parameters<typeof useFlashToast>[0] };

export default function Addresses({ loaderData, actionData }: Route.ComponentProps) {
  const refused = actionData as Refused | undefined;
  useFlashToast(refused?.toast);
  const { addresses, full } = loaderData;
  // A refused edit stays open with what was typed; otherwise the one named in ?edit=.
  const editingId = refused?.intent === "update" ? refused.addressId : loaderData.editingId;
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-8 px-4 py-12 sm:px-6">
      <div>
        <Link to="/account" className="text-sm text-primary underline-offset-4 hover:underline">
          My Account
        </Link>
        <h1 className="mt-2 font-display text-4xl font-semibold text-primary">My Addresses</h1>
        <p className="mt-2 text-muted-foreground">Saved addresses are offered at checkout.</p>
      </div>

      {addresses.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-lg border bg-card px-6 py-12 text-center">
          <MapPin className="size-10 text-muted-foreground" aria-hidden />
          <h2 className="font-display text-2xl">No saved addresses yet</h2>
          <p className="text-muted-foreground">Add one below, or save it when you check out.</p>
        </div>
      ) : (
        <ul aria-label="Saved addresses" className="flex flex-col gap-4">
          {addresses.map((address) => (
            <li key={address.id}>
              {address.id === editingId ? (
                <EditAddress address={address} refused={refused?.intent === "update" ? refused : undefined} />
              ) : (
                <AddressCard address={address} />
              )}
            </li>
          ))}
        </ul>
      )}

      <Card>
        <CardHeader>
          <h2 className="font-display text-xl leading-tight font-semibold">Add an address</h2>
        </CardHeader>
        <CardContent>
          {full ? (
            <p className="text-sm text-muted-foreground">
              You can save up to {MAX_SAVED_ADDRESSES} addresses. Remove one to add another.
            </p>
          ) : (
            <AddAddressForm refused={refused?.intent === "add" ? refused : undefined} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function AddressCard({ address }: { address: SavedAddress }) {
  const label = `${address.name}, ${address.line1}`;
  return (
    <article
      aria-label={label}
      className="flex flex-col gap-4 rounded-lg border bg-card p-5 sm:flex-row sm:justify-between"
    >
      <address className="text-sm not-italic">
        <span className="flex items-center gap-2 font-medium">
          {address.name}
          {address.isDefault && <Badge variant="success">Default</Badge>}
        </span>
        <span className="block">{address.line1}</span>
        {address.line2 && <span className="block">{address.line2}</span>}
        <span className="block">
          {address.city}, {address.state} {address.postalCode}
        </span>
        <span className="block text-muted-foreground">{address.phone}</span>
        <ZipStateWarning address={address} />
      </address>
      <div className="flex flex-wrap items-start gap-2">
        <Link
          to={`?edit=${address.id}`}
          className={buttonClass({ variant: "outline", size: "sm" })}
          aria-label={`Edit ${label}`}
        >
          Edit
        </Link>
        {!address.isDefault && (
          <AddressButton addressId={address.id} intent="make-default" label={`Make ${label} the default`}>
            Make default
          </AddressButton>
        )}
        <AddressButton addressId={address.id} intent="delete" label={`Delete ${label}`} destructive>
          Delete
        </AddressButton>
      </div>
    </article>
  );
}

function AddressButton({
  addressId,
  intent,
  label,
  destructive,
  children,
}: {
  addressId: string;
  intent: string;
  label: string;
  destructive?: boolean;
  children: string;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="addressId" value={addressId} />
      <SubmitButton
        intent={intent}
        pendingLabel={`${children}...`}
        size="sm"
        variant={destructive ? "destructive" : "outline"}
        className=""
        aria-label={label}
      >
        {children}
      </SubmitButton>
    </Form>
  );
}

function EditAddress({ address, refused }: { address: SavedAddress; refused?: AddressActionData }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="font-display text-xl leading-tight font-semibold">Edit address</h2>
      </CardHeader>
      <CardContent>
        <Form method="post" noValidate className="flex flex-col gap-4">
          <input type="hidden" name="addressId" value={address.id} />
          <AddressFields idPrefix="edit" values={refused?.values ?? address} errors={refused?.errors} />
          <div className="flex flex-wrap gap-2">
            <SubmitButton intent="update" pendingLabel="Saving..." className="">
              Save address
            </SubmitButton>
            <Link to="/account/addresses" className={buttonClass({ variant: "outline" })}>
              Cancel
            </Link>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

function AddAddressForm({ refused }: { refused?: AddressActionData }) {
  // Empty again after a successful add; what was typed stays after a refusal.
  const key = useFormResetKey(refused !== undefined);
  return (
    <Form key={key} method="post" noValidate className="flex flex-col gap-4">
      <AddressFields idPrefix="add" values={refused?.values} errors={refused?.errors} />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="makeDefault" defaultChecked={refused?.values.makeDefault === "on"} />
        Make this my default address
      </label>
      <SubmitButton intent="add" pendingLabel="Saving..." className="self-start">
        <Plus aria-hidden />
        Add address
      </SubmitButton>
    </Form>
  );
}
