import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { SignJWT } from "jose";
import { readBody } from "./http-body.ts";
import {
  clientOf,
  esc,
  FakeOAuthServer,
  hiddenInputs,
  type SigningKey,
  sendJson as send,
  sendHtml,
  signingKey,
} from "./oauth-server.ts";

/**
 * A local stand-in for Google's OpenID Connect endpoints, as Google documents them
 * (developers.google.com/identity/openid-connect/openid-connect): the authorization endpoint
 * (here a page with one "Sign in as …" button per prepared person, which redirects back with a
 * code and the state), the token endpoint (authorization_code grant with client secret and PKCE,
 * answering an RS256 id_token), the JWKS and userinfo. Refusals follow RFC 6749 §5.2 as Google
 * sends them: a wrong, used or expired code is `invalid_grant`; a wrong client is `invalid_client`.
 * The shop points at it with GOOGLE_OAUTH_BASE; the issuer is this server's URL.
 */

export type FakeGoogleUser = { sub: string; email: string; emailVerified: boolean; name: string };

type Grant = {
  user: FakeGoogleUser;
  clientId: string;
  redirectUri: string;
  challenge: string;
  nonce?: string;
  expires: number;
};

const CODE_LIFETIME_MS = 60_000;
const KID = "fake-google-1";

export const fakeGoogleClient = {
  id: "fake-client.apps.googleusercontent.com",
  secret: "fake-google-secret",
};

export class FakeGoogle {
  /** The person the consent page offers (set by each test). */
  users: FakeGoogleUser[] = [];
  /** Token requests the fake refused, with the error it answered. */
  readonly refusals: string[] = [];
  private readonly server = new FakeOAuthServer((req, res, url) => this.route(req, res, url));
  private readonly grants = new Map<string, Grant>();
  private readonly accessTokens = new Map<string, FakeGoogleUser>();
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

  /** The environment that points the shop's Google sign-in at this fake. */
  env() {
    return {
      GOOGLE_CLIENT_ID: fakeGoogleClient.id,
      GOOGLE_CLIENT_SECRET: fakeGoogleClient.secret,
      GOOGLE_OAUTH_BASE: this.url,
    };
  }

  /** A code for `user` as the consent page would issue it (HTTP tests without a browser). */
  issueCode(user: FakeGoogleUser, query: URLSearchParams): string {
    const code = randomBytes(16).toString("hex");
    this.grants.set(code, {
      user,
      clientId: query.get("client_id") ?? "",
      redirectUri: query.get("redirect_uri") ?? "",
      challenge: query.get("code_challenge") ?? "",
      nonce: query.get("nonce") ?? undefined,
      expires: Date.now() + CODE_LIFETIME_MS,
    });
    return code;
  }

  private async route(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (req.method === "GET" && url.pathname === "/o/oauth2/v2/auth") return this.consentPage(url, res);
    if (req.method === "POST" && url.pathname === "/o/oauth2/v2/approve") return this.approve(req, res);
    if (req.method === "POST" && url.pathname === "/token") return this.token(req, res);
    if (req.method === "GET" && url.pathname === "/oauth2/v3/certs")
      return send(res, 200, { keys: [this.keys!.jwk] });
    if (req.method === "GET" && url.pathname === "/v1/userinfo") return this.userinfo(req, res);
    send(res, 404, { error: "not_found" });
  }

  /** Google's account chooser, reduced to a button per person; a bad request is shown, never redirected. */
  private consentPage(url: URL, res: ServerResponse) {
    const query = url.searchParams;
    const problem = authorizationProblem(query);
    if (problem) return html(res, 400, `<h1>Error 400: ${problem}</h1>`);
    const hidden = hiddenInputs(query);
    const buttons = this.users
      .map((u) => `<button name="sub" value="${esc(u.sub)}">Sign in as ${esc(u.email)}</button>`)
      .join("");
    html(
      res,
      200,
      `<h1>Choose an account</h1><form method="post" action="/o/oauth2/v2/approve">${hidden}${buttons}</form>`,
    );
  }

  private async approve(req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams(await readBody(req));
    const user = this.users.find((u) => u.sub === form.get("sub"));
    if (!user) return html(res, 400, "<h1>Unknown account</h1>");
    const back = new URL(form.get("redirect_uri")!);
    back.searchParams.set("code", this.issueCode(user, form));
    back.searchParams.set("state", form.get("state") ?? "");
    res.writeHead(302, { Location: back.toString() }).end();
  }

  /** The authorization_code grant, checked as Google checks it; a code works once. */
  private async token(req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams(await readBody(req));
    const refused = (error: string, status = 400) => {
      this.refusals.push(error);
      send(res, status, { error, error_description: error });
    };
    const { id, secret } = clientOf(req, form);
    if (id !== fakeGoogleClient.id || secret !== fakeGoogleClient.secret)
      return refused("invalid_client", 401);
    if (form.get("grant_type") !== "authorization_code") return refused("unsupported_grant_type");
    const grant = this.grants.get(form.get("code") ?? "");
    this.grants.delete(form.get("code") ?? "");
    if (!grant || grant.expires < Date.now() || grant.clientId !== id) return refused("invalid_grant");
    if (grant.redirectUri !== form.get("redirect_uri")) return refused("invalid_grant");
    if (!(await pkceMatches(form.get("code_verifier"), grant.challenge))) return refused("invalid_grant");
    const accessToken = randomBytes(16).toString("hex");
    this.accessTokens.set(accessToken, grant.user);
    send(res, 200, {
      access_token: accessToken,
      expires_in: 3599,
      token_type: "Bearer",
      scope:
        "openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile",
      id_token: await this.idToken(grant),
    });
  }

  private idToken({ user, clientId, nonce }: Grant) {
    return new SignJWT({
      email: user.email,
      email_verified: user.emailVerified,
      name: user.name,
      azp: clientId,
      ...(nonce && { nonce }),
    })
      .setProtectedHeader({ alg: "RS256", kid: KID, typ: "JWT" })
      .setIssuer(this.url)
      .setSubject(user.sub)
      .setAudience(clientId)
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(this.keys!.privateKey);
  }

  private userinfo(req: IncomingMessage, res: ServerResponse) {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const user = token ? this.accessTokens.get(token) : undefined;
    if (!user) return send(res, 401, { error: "invalid_token" });
    send(res, 200, { sub: user.sub, email: user.email, email_verified: user.emailVerified, name: user.name });
  }
}

/** What Google refuses at the authorization endpoint (shown to the person, not redirected). */
function authorizationProblem(query: URLSearchParams) {
  if (query.get("client_id") !== fakeGoogleClient.id) return "invalid_client";
  if (query.get("response_type") !== "code") return "unsupported_response_type";
  if (!query.get("redirect_uri")) return "redirect_uri_mismatch";
  if (!query.get("scope")?.split(" ").includes("openid")) return "invalid_scope";
  return undefined;
}

async function pkceMatches(verifier: string | null, challenge: string) {
  if (!challenge) return true; // PKCE is optional at Google
  if (!verifier) return false;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return Buffer.from(digest).toString("base64url") === challenge;
}

function html(res: ServerResponse, status: number, body: string) {
  sendHtml(res, status, "Fake Google", body);
}
