import type { IncomingMessage } from "node:http";

/** The whole body of a request to a fake server, as text (the fakes speak JSON and forms). */
export async function readBody(req: IncomingMessage): Promise<string> {
  return (await readBodyBytes(req)).toString("utf8");
}

/** The whole body of a request to a fake server, as bytes (uploads). */
export async function readBodyBytes(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
