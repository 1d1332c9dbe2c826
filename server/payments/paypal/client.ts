/** Where and as whom we call PayPal's REST API (from config.paypal). */
export type PaypalCredentials = { clientId: string; clientSecret: string; apiBase: string };

export type PaypalClientOptions = {
  /** A call that has not answered by then is abandoned (and retried when it carries a request id). */
  timeoutMs?: number;
  /** How long the return page waits between reads of a subscription PayPal has not activated yet. */
  activationPollMs?: number;
};

/** PayPal answered with an error: the HTTP status and the first `details[].issue` (or `name`). */
export class PaypalApiError extends Error {
  constructor(
    readonly status: number,
    readonly issue: string,
    readonly body: unknown,
  ) {
    super(`PayPal API ${status}: ${issue}`);
  }
}

type RequestOptions = {
  method?: "GET" | "POST" | "PATCH";
  body?: unknown;
  /** The body as already-serialized JSON (webhook verification embeds the event byte for byte). */
  rawBody?: string;
  /** PayPal-Request-Id: PayPal answers a repeat with the first call's result instead of acting twice. */
  requestId?: string;
  /** A POST that changes nothing at PayPal (the webhook signature check), so safe to repeat. */
  readOnly?: boolean;
};

const DEFAULT_TIMEOUT_MS = 20_000;
/** Renew the token this long before PayPal says it expires. */
const TOKEN_MARGIN_MS = 60_000;

/**
 * A small fetch client for PayPal's REST API (no SDK): OAuth client-credentials token cached until
 * shortly before it expires, JSON in and out, errors as PaypalApiError. A call that is safe to
 * repeat is retried once when the answer is lost (timeout, dropped connection, 5xx): a read (GET or
 * a read-only check), or a POST carrying a PayPal-Request-Id, which PayPal does not act on twice —
 * e.g. a capture whose response never arrived, or a webhook's signature check on a reused
 * keep-alive connection the other side had just closed.
 */
export class PaypalClient {
  private token: { value: string; expiresAt: number } | null = null;
  private readonly timeoutMs: number;

  constructor(
    private readonly credentials: PaypalCredentials,
    options: PaypalClientOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  async request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    try {
      return await this.send<T>(path, options);
    } catch (error) {
      // A token PayPal revoked early is renewed once; a lost answer is only safe to repeat with a request id.
      const expiredToken = error instanceof PaypalApiError && error.status === 401;
      if (!expiredToken && !(safeToRepeat(options) && isLostAnswer(error))) throw error;
      return this.send<T>(path, options);
    }
  }

  private async send<T>(path: string, options: RequestOptions): Promise<T> {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${await this.accessToken()}`,
      "Content-Type": "application/json",
      Accept: "application/json",
      Prefer: "return=representation",
    };
    if (options.requestId) headers["PayPal-Request-Id"] = options.requestId;
    const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const response = await fetch(this.url(path), {
      method: methodOf(options),
      headers,
      body,
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (response.status === 401) this.token = null;
    return readJson<T>(response);
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    const basic = Buffer.from(`${this.credentials.clientId}:${this.credentials.clientSecret}`).toString(
      "base64",
    );
    const response = await fetch(this.url("/v1/oauth2/token"), {
      method: "POST",
      headers: {
        Authorization: `Basic ${basic}`,
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "application/json",
      },
      body: "grant_type=client_credentials",
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const token = await readJson<{ access_token: string; expires_in: number }>(response);
    this.token = {
      value: token.access_token,
      expiresAt: Date.now() + token.expires_in * 1000 - TOKEN_MARGIN_MS,
    };
    return token.access_token;
  }

  /**
   * PayPal's approval page of an order on the web host that matches the API host
   * (api-m.sandbox.paypal.com → www.sandbox.paypal.com; a local stand-in serves both).
   */
  checkoutUrl(orderId: string): string {
    const base = new URL(this.credentials.apiBase);
    base.hostname = base.hostname.replace(/^api(-m)?\./, "www.");
    return `${base.origin}/checkoutnow?token=${encodeURIComponent(orderId)}`;
  }

  private url(path: string) {
    return `${this.credentials.apiBase.replace(/\/$/, "")}${path}`;
  }
}

async function readJson<T>(response: Response): Promise<T> {
  const text = await response.text();
  const body = text ? safeParse(text) : {};
  if (!response.ok) throw new PaypalApiError(response.status, issueOf(body), body);
  return body as T;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { name: "INVALID_JSON", message: text.slice(0, 200) };
  }
}

function issueOf(body: unknown): string {
  const error = body as { name?: string; error?: string; details?: { issue?: string }[] };
  return error?.details?.[0]?.issue ?? error?.name ?? error?.error ?? "UNKNOWN_ERROR";
}

function methodOf(options: RequestOptions) {
  return options.method ?? (options.body === undefined && options.rawBody === undefined ? "GET" : "POST");
}

function safeToRepeat(options: RequestOptions): boolean {
  return methodOf(options) === "GET" || options.readOnly === true || options.requestId !== undefined;
}

/** The call may have reached PayPal but its answer did not reach us. */
function isLostAnswer(error: unknown): boolean {
  if (error instanceof PaypalApiError) return error.status >= 500;
  return error instanceof Error && (error.name === "TimeoutError" || error.name === "TypeError");
}
