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
export const fakeWebhookId = "WH-FAKE-0001";
