/** What the fake PayPal keeps of orders and subscriptions, and the fixed buyer and credentials. */
type Json = Record<string, unknown>;

export type FakePaypalOrder = {
  id: string;
  status: "PAYER_ACTION_REQUIRED" | "APPROVED" | "COMPLETED";
  request: Json;
  payer?: Json;
  shipping?: Json;
  captureId?: string;
  /** PENDING while PayPal holds the money (e.g. an eCheck), COMPLETED once it clears. */
  captureStatus?: "PENDING" | "COMPLETED";
};

export type FakePaypalSubscription = {
  id: string;
  status: "APPROVAL_PENDING" | "APPROVED" | "ACTIVE" | "SUSPENDED" | "CANCELLED" | "EXPIRED";
  /** While APPROVED: how many more reads answer APPROVED before PayPal has activated it. */
  readsUntilActive?: number;
  planId: string;
  customId: string;
  request: Json;
  startTime: string;
  statusUpdateTime: string;
  nextBillingTime?: string;
  subscriber?: Json;
  /** billing_info.last_payment: the last cycle PayPal collected (none until the first is paid). */
  lastPayment?: { value: string; time: string };
  /** The first cycle's sale, once PayPal collected it. */
  firstSaleId?: string;
  failedPayments: number;
  lastFailedPayment?: Json;
};

/** A subscription payment (Payments v1 sale), as PAYMENT.SALE.* events carry it. */
export type FakePaypalSale = {
  id: string;
  state: "completed";
  amount: { total: string; currency: "USD" };
  billing_agreement_id: string;
  create_time: string;
};

export const fakePayer = {
  name: "Pat Payer",
  email: "pat.payer@example.com",
  address: {
    address_line_1: "9 Market St",
    admin_area_2: "Denver",
    admin_area_1: "CO",
    postal_code: "80202",
    country_code: "US",
  },
};

export const fakeCredentials = { clientId: "fake-client-id", clientSecret: "fake-client-secret" };
/** PayPal webhook ids are letters and digits (the verify call refuses anything else). */
export const fakeWebhookId = "1FAKEWEBHOOK0001";
