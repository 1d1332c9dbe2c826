/**
 * Attacking the running app from outside: one built app per test file, plain HTTP (no browser),
 * a cookie jar per "person". Every test in tests/security/ uses these instead of calling our code.
 */
import { afterAll, beforeAll, expect } from "vitest";
import { type RunningApp, type StartAppOptions, startApp } from "../support/app.ts";

export type Target = {
  app: RunningApp;
  /** A new visitor: their own cookies; requests carry our Origin unless the call says otherwise. */
  visitor(): Visitor;
  /** A new visitor signed in to the account (through the auth API). */
  signedIn(account: { email: string; password: string }): Promise<Visitor>;
};

/** Starts the built app for the file (demo data by default) and stops it afterwards. */
export function setupTarget(options: StartAppOptions = {}): Target {
  const target = {
    visitor: () => new Visitor(target.app.url),
    signedIn: async ({ email, password }) => {
      const visitor = target.visitor();
      await visitor.signIn(email, password);
      return visitor;
    },
  } as Target;
  beforeAll(async () => {
    target.app = await startApp(options);
  });
  afterAll(async () => {
    await target.app?.destroy();
  });
  return target;
}

type RequestOptions = {
  headers?: Record<string, string>;
  /** The Origin header sent with non-GET requests; null sends none. Defaults to the app's own. */
  origin?: string | null;
  /** Follow redirects (default: no, so tests see the Location). */
  follow?: boolean;
};

/** One person with a cookie jar, talking to the app over HTTP. */
export class Visitor {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  get(path: string, options: RequestOptions = {}) {
    return this.request("GET", path, undefined, options);
  }

  /** A form post as a browser without JavaScript sends it. */
  postForm(path: string, fields: Record<string, string>, options: RequestOptions = {}) {
    return this.request("POST", path, new URLSearchParams(fields), options);
  }

  postJson(path: string, body: unknown, options: RequestOptions = {}) {
    return this.request("POST", path, JSON.stringify(body), {
      ...options,
      headers: { "Content-Type": "application/json", ...options.headers },
    });
  }

  async request(method: string, path: string, body: BodyInit | undefined, options: RequestOptions = {}) {
    const headers = new Headers(options.headers);
    if (this.cookies.size > 0) headers.set("Cookie", this.cookieHeader());
    const origin = options.origin === undefined ? this.baseUrl : options.origin;
    if (method !== "GET" && method !== "HEAD" && origin !== null && !headers.has("Origin")) {
      headers.set("Origin", origin);
    }
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      headers,
      body,
      redirect: options.follow ? "follow" : "manual",
    });
    this.remember(response);
    return response;
  }

  cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  /** Signs in through the auth API (as the sign-in form's script does). */
  async signIn(email: string, password: string) {
    const response = await this.postJson("/api/auth/sign-in/email", { email, password });
    if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
    return response;
  }

  private remember(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const index = pair!.indexOf("=");
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\b/i.test(a)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/**
 * Rate limits count hits in windows aligned to the clock, the previous one fading out
 * (server/rate-limit/rate-limit.ts); the estimate is approximate just after a boundary. A test
 * that sends a burst and expects the refusals at an exact count must not straddle two windows: when
 * less than `neededMs` is left of the current one, this waits for the next to begin.
 */
export async function startOfRateWindow(windowMs = 60_000, neededMs = 20_000) {
  const left = windowMs - (Date.now() % windowMs);
  if (left < neededMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/** Waits until the clock (the app's too: same machine) reaches `time` (ms since the epoch). */
export async function untilClock(time: number) {
  const left = time - Date.now();
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
}

/** How a refused upload can end for the sender: the server closed the socket before the body was sent. */
const CLOSED_EARLY = /fetch failed|socket|reset|closed|EPIPE|ECONNRESET/i;

/**
 * Asserts that an oversized upload was refused without the server reading it: a 413 (whose text,
 * when given, is checked), or a connection the server closed while the rest of the body was still
 * on its way (which one the sender sees depends on timing). Never a 200 or a 500.
 */
export async function expectTooLarge(sending: Promise<Response>, text?: string) {
  const answer = await sending.catch((error: NodeJS.ErrnoException) => error);
  if (answer instanceof Error) {
    const cause = answer.cause as NodeJS.ErrnoException | undefined;
    expect(`${answer.message} ${answer.code ?? ""} ${cause?.code ?? ""}`).toMatch(CLOSED_EARLY);
    return;
  }
  expect(answer.status).toBe(413);
  if (text) expect(await answer.text()).toContain(text);
}
