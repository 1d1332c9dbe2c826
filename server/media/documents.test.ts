import { describe, expect, it } from "vitest";
import { looksLikePdf, storeDocumentUpload } from "./documents.ts";
import { MAX_UPLOAD_BYTES, type MediaStore, UploadRejected } from "./uploads.ts";

function memoryStore() {
  const stored = new Map<string, string>();
  const store: MediaStore = {
    async put(name, _bytes, contentType) {
      stored.set(name, contentType);
      return `/uploads/${name}`;
    },
  };
  return { store, stored };
}

const bytes = (text: string) => new TextEncoder().encode(text);

describe("certificate of analysis uploads", () => {
  it("stores a PDF under a random .pdf name, whatever it was called", async () => {
    const { store, stored } = memoryStore();
    const { url } = await storeDocumentUpload(store, bytes("%PDF-1.7\n1 0 obj\n"));
    expect(url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.pdf$/);
    expect([...stored.values()]).toEqual(["application/pdf"]);
  });

  it("refuses HTML, SVG and anything else that is neither a PDF nor an image", async () => {
    const { store } = memoryStore();
    expect(looksLikePdf(bytes("<html>%PDF-"))).toBe(false);
    await expect(storeDocumentUpload(store, bytes("<html><script>alert(1)</script>"))).rejects.toThrow(
      "The certificate must be a PDF or an image",
    );
    const svg = bytes('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>');
    await expect(storeDocumentUpload(store, svg)).rejects.toBeInstanceOf(UploadRejected);
  });

  it("refuses a file over 5 MB", async () => {
    const { store } = memoryStore();
    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    big.set(bytes("%PDF-"));
    await expect(storeDocumentUpload(store, big)).rejects.toThrow("The file must be 5 MB or smaller");
  });
});
