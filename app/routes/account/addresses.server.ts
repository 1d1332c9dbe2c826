import { data } from "react-router";
import { formText, parseForm } from "~/lib/forms.ts";
import { postalAddressSchema } from "~core/forms/address-form.ts";
import { deleteAddress, saveAddress, setDefaultAddress, updateAddress } from "~server/accounts/addresses.ts";
import type { RequestContext } from "~server/context.ts";
import { failureData, settle } from "~server/http/error-response.ts";
import type { FlashToastInput } from "~server/http/flash.ts";
import { redirectWithToast } from "~server/http/flash.ts";

const BOOK = "/account/addresses";

type Args = { context: RequestContext; userId: string; form: FormData };

/** What a refused form answers: the same form again, with what was typed and the reasons. */
export type AddressActionData = {
  intent: string;
  addressId: string | null;
  values: Record<string, string>;
  errors: Partial<Record<string, string>>;
};

const idOf = (form: FormData) => {
  const id = form.get("addressId");
  return typeof id === "string" ? id : "";
};

/** Add or edit: validated with the postal address rules; a refusal keeps what was typed. */
export async function saveAddressForm({ context, userId, form }: Args, intent: "add" | "update") {
  const addressId = intent === "update" ? idOf(form) : null;
  const parsed = parseForm(postalAddressSchema, form);
  if (!parsed.ok)
    return data<AddressActionData>({ intent, addressId, values: parsed.values, errors: parsed.errors }, 400);
  const makeDefault = form.get("makeDefault") === "on";
  return run(
    context,
    intent === "add" ? "address could not be added" : "address could not be changed",
    () =>
      addressId === null
        ? saveAddress(context.database.db, userId, parsed.data, { makeDefault })
        : updateAddress(context.database.db, userId, addressId, parsed.data),
    { title: "Address saved", variant: "success" },
    { intent, addressId, values: formText(form), errors: {} },
  );
}

export function deleteAddressForm({ context, userId, form }: Args) {
  const addressId = idOf(form);
  return run(
    context,
    "address could not be deleted",
    () => deleteAddress(context.database.db, userId, addressId),
    { title: "Address deleted", variant: "success" },
    { intent: "delete", addressId, values: {}, errors: {} },
  );
}

export function makeDefaultAddressForm({ context, userId, form }: Args) {
  const addressId = idOf(form);
  return run(
    context,
    "default address could not be set",
    () => setDefaultAddress(context.database.db, userId, addressId),
    { title: "Default address changed", variant: "success" },
    { intent: "make-default", addressId, values: {}, errors: {} },
  );
}

/** Runs the change; success goes back to the book with a toast, a failure (not found, full) stays. */
async function run(
  context: RequestContext,
  what: string,
  change: () => Promise<unknown>,
  done: FlashToastInput,
  onFailure: AddressActionData,
) {
  const result = await settle(context.log, what, change);
  if (!result.ok) return failureData(result, onFailure);
  return redirectWithToast(BOOK, done);
}
