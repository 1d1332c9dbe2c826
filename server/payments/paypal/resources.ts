import type { ShippingAddress } from "../../db/schema/index.ts";
import type { Buyer } from "../provider.ts";

/** The parts of PayPal's resources we read (Orders v2, Subscriptions v1). */
export type PaypalLink = { href: string; rel: string; method?: string };

export type PaypalAddress = {
  address_line_1?: string;
  address_line_2?: string;
  admin_area_2?: string;
  admin_area_1?: string;
  postal_code?: string;
  country_code?: string;
};

type PaypalName = { given_name?: string; surname?: string };
type PaypalPhone = { phone_number?: { national_number?: string } };

/** The PayPal account that paid, as Orders v2 reports it under payment_source.paypal. */
type PaypalWallet = {
  name?: PaypalName;
  email_address?: string;
  phone_number?: { national_number?: string };
};

export type PaypalOrder = {
  id: string;
  status: string;
  links?: PaypalLink[];
  payment_source?: { paypal?: PaypalWallet };
  /** Deprecated by PayPal in favour of payment_source.paypal; read only when that is missing. */
  payer?: { name?: PaypalName; email_address?: string; phone?: PaypalPhone };
  purchase_units?: {
    custom_id?: string;
    shipping?: { name?: { full_name?: string }; address?: PaypalAddress };
    payments?: { captures?: { id: string; status: string }[] };
  }[];
};

export type PaypalSubscription = {
  id: string;
  status: string;
  custom_id?: string;
  start_time?: string;
  status_update_time?: string;
  links?: PaypalLink[];
  subscriber?: {
    name?: PaypalName;
    email_address?: string;
    phone?: PaypalPhone;
    shipping_address?: { name?: { full_name?: string }; address?: PaypalAddress };
  };
  billing_info?: {
    next_billing_time?: string;
    /** The last cycle PayPal collected; absent while the first one is not paid. */
    last_payment?: { amount?: { value?: string }; time?: string };
    failed_payments_count?: number;
    last_failed_payment?: {
      amount?: { value?: string };
      time?: string;
      next_payment_retry_time?: string;
      reason_code?: string;
    };
  };
};

/** Where the buyer approves: 'payer-action' (experience_context) or 'approve' (older flows). */
export function approvalUrl(links: PaypalLink[] | undefined): string {
  const link = links?.find((l) => l.rel === "payer-action" || l.rel === "approve");
  if (!link) throw new Error("PayPal returned no approval link");
  return link.href;
}

function address(from: PaypalAddress | undefined): ShippingAddress {
  return {
    line1: from?.address_line_1 ?? "",
    ...(from?.address_line_2 ? { line2: from.address_line_2 } : {}),
    city: from?.admin_area_2 ?? "",
    state: from?.admin_area_1 ?? "",
    postalCode: from?.postal_code ?? "",
    country: from?.country_code ?? "",
  };
}

const fullName = (name: PaypalName | undefined) =>
  [name?.given_name, name?.surname].filter(Boolean).join(" ");

/**
 * The buyer of a captured order: the PayPal account under payment_source.paypal (the deprecated
 * `payer` only when an older answer lacks it), shipped to the address chosen at PayPal.
 */
export function orderBuyer(order: PaypalOrder): Buyer {
  const shipping = order.purchase_units?.[0]?.shipping;
  const wallet = order.payment_source?.paypal;
  return {
    name: shipping?.name?.full_name || fullName(wallet?.name ?? order.payer?.name),
    email: wallet?.email_address ?? order.payer?.email_address ?? "",
    phone: wallet?.phone_number?.national_number ?? order.payer?.phone?.phone_number?.national_number ?? "",
    address: address(shipping?.address),
  };
}

/** The subscriber of an active subscription, shipped to their PayPal shipping address. */
export function subscriberBuyer(subscription: PaypalSubscription): Buyer {
  const subscriber = subscription.subscriber;
  return {
    name: subscriber?.shipping_address?.name?.full_name || fullName(subscriber?.name),
    email: subscriber?.email_address ?? "",
    phone: subscriber?.phone?.phone_number?.national_number ?? "",
    address: address(subscriber?.shipping_address?.address),
  };
}

/**
 * Whether PayPal collected the subscription's first cycle. ACTIVE alone does not say so (PayPal
 * activates before an outstanding first payment is collected): billing_info.last_payment does.
 */
export function firstCyclePaid(subscription: PaypalSubscription): boolean {
  const value = Number(subscription.billing_info?.last_payment?.amount?.value ?? 0);
  return subscription.status === "ACTIVE" && value > 0;
}

/** A capture that moved the money (not PENDING, DECLINED, …). */
export function isCaptured(order: PaypalOrder): boolean {
  const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
  return order.status === "COMPLETED" && capture?.status === "COMPLETED";
}
