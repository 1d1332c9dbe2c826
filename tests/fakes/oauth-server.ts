import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, type JWK } from "jose";

/**
 * What the fake sign-in providers (google-server.ts, apple-server.ts) share: a local HTTP server,
 * an RS256 signing key published as a JWKS, and their JSON, HTML and form answers.
 */
export class FakeOAuthServer {
  url = "";
  private server?: Server;
  constructor(
    private readonly route: (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void> | void,
  ) {}

  async start() {
    this.server = createServer((req, res) => {
      Promise.resolve(this.route(req, res, new URL(req.url ?? "/", this.url))).catch((error: unknown) =>
        sendJson(res, 500, { error: String(error) }),
      );
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop() {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

export type SigningKey = { privateKey: CryptoKey; jwk: JWK; kid: string };

/** An RS256 key pair; `jwk` is the public half as the provider's JWKS lists it. */
export async function signingKey(kid: string): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  return { privateKey, kid, jwk: { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" } };
}

/** client_secret_basic or client_secret_post, as both providers accept. */
export function clientOf(req: IncomingMessage, form: URLSearchParams) {
  const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? "")?.[1];
  if (basic) {
    const [id, secret] = Buffer.from(basic, "base64").toString("utf8").split(":").map(decodeURIComponent);
    return { id, secret };
  }
  return { id: form.get("client_id"), secret: form.get("client_secret") };
}

export function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
}

export function sendHtml(res: ServerResponse, status: number, title: string, body: string) {
  res
    .writeHead(status, { "Content-Type": "text/html; charset=utf-8" })
    .end(`<!doctype html><title>${esc(title)}</title>${body}`);
}

/** Hidden inputs carrying `fields` through a form. */
export const hiddenInputs = (fields: Iterable<[string, string]>) =>
  [...fields].map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`).join("");

export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
