import { randomUUID } from "node:crypto";
import { MAX_UPLOAD_BYTES, type MediaStore, storeImageUpload, UploadRejected } from "./uploads.ts";

const PDF_MAGIC = "%PDF-";

/** True when the bytes start like a PDF file; the name and declared type are not trusted. */
export function looksLikePdf(bytes: Uint8Array): boolean {
  return new TextDecoder("latin1").decode(bytes.subarray(0, PDF_MAGIC.length)) === PDF_MAGIC;
}

/**
 * A certificate of analysis: a PDF (sniffed by its magic bytes, stored as it is under a random
 * .pdf name so it is served as application/pdf) or an image (checked and re-encoded like any other
 * upload). Anything else is refused. The same 5 MB limit as images.
 */
export async function storeDocumentUpload(store: MediaStore, bytes: Uint8Array): Promise<{ url: string }> {
  if (bytes.byteLength > MAX_UPLOAD_BYTES) throw new UploadRejected("The file must be 5 MB or smaller");
  if (!looksLikePdf(bytes)) {
    try {
      return await storeImageUpload(store, bytes);
    } catch (error) {
      if (!(error instanceof UploadRejected) || /SVG|5 MB/.test(error.message)) throw error;
      throw new UploadRejected("The certificate must be a PDF or an image (JPEG, PNG, WebP, GIF or AVIF)");
    }
  }
  return { url: await store.put(`${randomUUID()}.pdf`, Buffer.from(bytes), "application/pdf") };
}
