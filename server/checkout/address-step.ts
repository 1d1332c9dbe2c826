import type { PostalAddress } from "../../core/orders/address.ts";
import { listAddresses, type SavedAddress, saveAddress } from "../accounts/addresses.ts";
import type { RequestContext } from "../context.ts";
import { InvalidInputError } from "../errors.ts";
import { sandboxEnabled } from "../payments/registry.ts";
import { type DeliveryTerms, deliveryTerms } from "../shipping/terms.ts";
import { checkoutDetailsOf, saveCheckoutDetails } from "./checkout-address.ts";

/**
 * The checkout's address step (decision 035): step 1 takes the address, kept on the cart; step 2
 * prices shipping and tax for it and pays. A demo (sandbox) shop prefills a demo address in a
 * state without sales tax, so a demo checkout stays two clicks.
 */
export const DEMO_ADDRESS: PostalAddress = {
  name: "Demo Customer",
  phone: "+1 503 555 0100",
  line1: "1120 SW 5th Ave",
  line2: "",
  city: "Portland",
  state: "OR",
  postalCode: "97204",
  country: "US",
};

export type AddressStepView = {
  /** The address step 2 prices and pays for; null until step 1 was posted. */
  address: PostalAddress | null;
  /** A guest's email from step 1 (null when none was given, and for an account). */
  guestEmail: string | null;
  saved: SavedAddress[];
  /** What the step 1 form starts with when no saved address is offered. */
  prefill: PostalAddress | null;
  terms: DeliveryTerms;
};

export async function addressStepView(
  context: RequestContext,
  input: { cartId: string | null; userId: string | null },
): Promise<AddressStepView> {
  const db = context.database.db;
  const [{ address, guestEmail }, saved] = await Promise.all([
    checkoutDetailsOf(db, input.cartId),
    input.userId ? listAddresses(db, input.userId) : Promise.resolve([]),
  ]);
  const prefill = saved.length === 0 && sandboxEnabled(context.config) ? DEMO_ADDRESS : null;
  return { address, guestEmail, saved, prefill, terms: await deliveryTerms(db, address) };
}

/** The address a saved-address choice names; only the buyer's own book is searched. */
export async function savedAddressOf(context: RequestContext, userId: string | null, id: string) {
  if (!userId) return null;
  const book = await listAddresses(context.database.db, userId);
  return book.find((a) => a.id === id) ?? null;
}

/**
 * Keeps step 1's address on the cart (and in the buyer's address book when asked). An address the
 * shop has no shipping zone for is refused here, before any payment.
 */
export async function keepCheckoutAddress(
  context: RequestContext,
  input: {
    cartId: string;
    userId: string | null;
    address: PostalAddress;
    guestEmail: string | null;
    saveToBook: boolean;
  },
): Promise<void> {
  const db = context.database.db;
  const terms = await deliveryTerms(db, input.address);
  if (!terms.shippingZone)
    throw new InvalidInputError(
      { title: "We do not ship there yet", description: "Please choose an address in a state we ship to." },
      { state: ["We do not ship to this state yet."] },
    );
  await saveCheckoutDetails(db, input.cartId, {
    address: stripSavedFields(input.address),
    // An account's receipts and reminders go to the account's email, never to a typed one.
    guestEmail: input.userId ? null : input.guestEmail,
    clientIp: context.clientIp,
  });
  if (input.saveToBook && input.userId) await saveAddress(db, input.userId, input.address);
}

function stripSavedFields(address: PostalAddress): PostalAddress {
  const { name, phone, line1, line2, city, state, postalCode, country } = address;
  return { name, phone, line1, line2, city, state, postalCode, country };
}
