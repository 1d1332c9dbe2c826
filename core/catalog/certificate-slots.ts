/** The two fixed certificate slots of the home page (spec: at most 2, display orders 1 and 2). */
export const CERTIFICATE_SLOTS = [
  { slot: 1, label: "Certificate 1 (After Shilajit Products)" },
  { slot: 2, label: "Certificate 2 (After Superior Section)" },
] as const;
export type CertificateSlot = (typeof CERTIFICATE_SLOTS)[number]["slot"];
