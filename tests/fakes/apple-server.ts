import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { decodeJwt, SignJWT } from "jose";
import { readBody } from "./http-body.ts";
import {
  clientOf,
  esc,
  FakeOAuthServer,
  hiddenInputs,
  type SigningKey,
  sendHtml,
  sendJson,
  signingKey,
} from "./oauth-server.ts";

/**
 * A local stand-in for Sign in with Apple, as Apple's "Sign in with Apple REST API" documents it
 * (developer.apple.com/documentation/sign_in_with_apple/sign_in_with_apple_rest_api):
 * - `/auth/authorize` (response_mode=form_post): a page with one "Sign in as …" button per
 *   prepared person; the choice answers with a form that posts itself to the redirect_uri carrying
 *   `code`, `state`, the `id_token`, and, on that person's first sign-in to this client only, the
 *   `user` JSON (name and email), as Apple does;
 * - `/auth/token`: the authorization_code grant with client_id and client_secret (a JWT whose `sub`
 *   is the client id), code and redirect_uri; a wrong, used or expired code is `invalid_grant`, a
 *   wrong client `invalid_client`; the id_token is RS256 with `email_verified` and
 *   `is_private_email` as the strings Apple sends;
 * - `/auth/keys`: the JWKS.
 * The shop points at it with APPLE_OAUTH_BASE; the issuer is this server's URL.
 */

export type FakeAppleUser = {
  sub: string;
  email: string;
  emailVerified: boolean;
  isPrivateEmail?: boolean;
  firstName: string;
  lastName: string;
};

type Grant = { user: FakeAppleUser; clientId: string; redirectUri: string; nonce?: string; expires: number };

const CODE_LIFETIME_MS = 5 * 60_000; // Apple: codes are single use and valid for five minutes
const KID = "fake-apple-1";
const APPLE_AUDIENCE = "https://appleid.apple.com";

/**
 * The Services ID and a client secret shaped as Apple asks (an ES256 JWT from the team, `sub` the
 * Services ID, `aud` Apple). The fake reads its claims; it cannot check the signature (Apple
 * checks it with the key registered in the developer account), so the signature is a placeholder.
 */
export const fakeAppleClient = {
  id: "com.example.shop.web",
  secret: unsignedJwt(
    { alg: "ES256", kid: "FAKEKEY123" },
    {
      iss: "FAKETEAM12",
      sub: "com.example.shop.web",
      aud: APPLE_AUDIENCE,
      iat: 1_700_000_000,
      exp: 4_000_000_000,
    },
  ),
};

function unsignedJwt(header: object, payload: object) {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
  return `${part(header)}.${part(payload)}.${Buffer.from("placeholder").toString("base64url")}`;
}

export class FakeApple {
  /** The people the sign-in page offers (set by each test). */
  users: FakeAppleUser[] = [];
  /** Token requests the fake refused, with the error it answered. */
  readonly refusals: string[] = [];
  private readonly server = new FakeOAuthServer((req, res, url) => this.route(req, res, url));
  private readonly grants = new Map<string, Grant>();
  /** `sub|client` pairs that have signed in before: Apple sends `user` only the first time. */
  private readonly returning = new Set<string>();
  private keys?: SigningKey;

  get url() {
    return this.server.url;
  }

  async start(): Promise<this> {
    this.keys = await signingKey(KID);
    await this.server.start();
    return this;
  }

  stop() {
    return this.server.stop();
  }

  /** The environment that points the shop's Apple sign-in at this fake. */
  env() {
    return {
      APPLE_CLIENT_ID: fakeAppleClient.id,
      APPLE_CLIENT_SECRET: fakeAppleClient.secret,
      APPLE_OAUTH_BASE: this.url,
    };
  }

  /**
   * The fields Apple's page would post back to the redirect_uri for `user` (HTTP tests without a
   * browser): code, state, id_token and, the first time, `user`.
   */
  async approve(user: FakeAppleUser, query: URLSearchParams): Promise<Record<string, string>> {
    const code = randomBytes(16).toString("hex");
    const grant: Grant = {
      user,
      clientId: query.get("client_id") ?? "",
      redirectUri: query.get("redirect_uri") ?? "",
      nonce: query.get("nonce") ?? undefined,
      expires: Date.now() + CODE_LIFETIME_MS,
    };
    this.grants.set(code, grant);
    const fields: Record<string, string> = {
      code,
      state: query.get("state") ?? "",
      id_token: await this.idToken(grant),
    };
    const key = `${user.sub}|${grant.clientId}`;
    if (!this.returning.has(key) && query.get("scope")?.split(" ").includes("name")) {
      fields.user = JSON.stringify({
        name: { firstName: user.firstName, lastName: user.lastName },
        email: user.email,
      });
    }
    this.returning.add(key);
    return fields;
  }

  private async route(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (req.method === "GET" && url.pathname === "/auth/authorize") return this.signInPage(url, res);
    if (req.method === "POST" && url.pathname === "/auth/approve") return this.answerForm(req, res);
    if (req.method === "POST" && url.pathname === "/auth/token") return this.token(req, res);
    if (req.method === "GET" && url.pathname === "/auth/keys")
      return sendJson(res, 200, { keys: [this.keys!.jwk] });
    sendJson(res, 404, { error: "not_found" });
  }

  /** Apple's sign-in page, reduced to a button per person; a bad request is shown, never redirected. */
  private signInPage(url: URL, res: ServerResponse) {
    const query = url.searchParams;
    const problem = authorizationProblem(query);
    if (problem) return html(res, 400, `<h1>Invalid request: ${esc(problem)}</h1>`);
    const buttons = this.users
      .map((u) => `<button name="sub" value="${esc(u.sub)}">Sign in as ${esc(u.email)}</button>`)
      .join("");
    html(
      res,
      200,
      `<h1>Sign in with Apple ID</h1><form method="post" action="/auth/approve">${hiddenInputs(query)}${buttons}</form>`,
    );
  }

  /** response_mode=form_post: a page whose form posts itself to the redirect_uri. */
  private async answerForm(req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams(await readBody(req));
    const user = this.users.find((u) => u.sub === form.get("sub"));
    if (!user) return html(res, 400, "<h1>Unknown account</h1>");
    const fields = await this.approve(user, form);
    html(
      res,
      200,
      `<form method="post" action="${esc(form.get("redirect_uri")!)}">${hiddenInputs(Object.entries(fields))}` +
        `<button>Continue</button></form><script>document.forms[0].submit()</script>`,
    );
  }

  /** The authorization_code grant, checked as Apple checks it; a code works once. */
  private async token(req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams(await readBody(req));
    const refused = (error: string) => {
      this.refusals.push(error);
      sendJson(res, 400, { error });
    };
    const { id, secret } = clientOf(req, form);
    if (id !== fakeAppleClient.id || !clientSecretNames(secret, id)) return refused("invalid_client");
    if (form.get("grant_type") !== "authorization_code") return refused("unsupported_grant_type");
    const grant = this.grants.get(form.get("code") ?? "");
    this.grants.delete(form.get("code") ?? "");
    if (!grant || grant.expires < Date.now() || grant.clientId !== id) return refused("invalid_grant");
    if (grant.redirectUri !== form.get("redirect_uri")) return refused("invalid_grant");
    sendJson(res, 200, {
      access_token: randomBytes(16).toString("hex"),
      token_type: "Bearer",
      expires_in: 3600,
      refresh_token: randomBytes(16).toString("hex"),
      id_token: await this.idToken(grant),
    });
  }

  private idToken({ user, clientId, nonce }: Grant) {
    return new SignJWT({
      email: user.email,
      // Apple sends these as strings.
      email_verified: String(user.emailVerified),
      is_private_email: String(user.isPrivateEmail ?? false),
      auth_time: Math.floor(Date.now() / 1000),
      nonce_supported: true,
      ...(nonce && { nonce }),
    })
      .setProtectedHeader({ alg: "RS256", kid: KID })
      .setIssuer(this.url)
      .setSubject(user.sub)
      .setAudience(clientId)
      .setIssuedAt()
      .setExpirationTime("10m")
      .sign(this.keys!.privateKey);
  }
}

/** What Apple refuses at the authorization endpoint (shown to the person, not redirected). */
function authorizationProblem(query: URLSearchParams) {
  if (query.get("client_id") !== fakeAppleClient.id) return "invalid_client";
  const responseType = query.get("response_type")?.split(" ") ?? [];
  if (!responseType.includes("code")) return "unsupported_response_type";
  if (!query.get("redirect_uri")) return "invalid_request: redirect_uri";
  // Apple requires form_post whenever a scope is requested.
  if (query.get("scope") && query.get("response_mode") !== "form_post")
    return "invalid_request: response_mode";
  return undefined;
}

/** The client secret is a JWT naming the client as its subject and Apple as its audience. */
function clientSecretNames(secret: string | null | undefined, clientId: string | null | undefined) {
  try {
    const claims = decodeJwt(secret ?? "");
    const audience = [claims.aud].flat();
    return (
      claims.sub === clientId && audience.includes(APPLE_AUDIENCE) && (claims.exp ?? 0) * 1000 > Date.now()
    );
  } catch {
    return false;
  }
}

function html(res: ServerResponse, status: number, body: string) {
  sendHtml(res, status, "Fake Apple", body);
}
