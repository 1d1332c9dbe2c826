import type { Db, Tx } from "../db/client.ts";
import type { LeftRow } from "../db/schema/index.ts";
import type { ProviderLookup } from "../subscriptions/cancel.ts";
import type { ErasureSubject, PrivacySubject } from "./subject.ts";

/** What an erasure may need from outside the database. */
export type ErasureServices = {
  providerFor: ProviderLookup;
  /** Keys the hash an opt-out keeps after its address is erased (decision 048). */
  linkSecret: string;
};

export type { LeftRow } from "../db/schema/index.ts";

/** At most this many rows of one table are listed: a common word as a name would match thousands. */
export const LEFT_ROWS_LISTED = 50;

/**
 * One domain's share of a privacy request (server/privacy/parts/, listed in registry.ts): what it
 * shows in the export and how it erases. A new table with personal data is one more part.
 */
export type PrivacyPart = {
  /** The export's key for this part's data. */
  name: string;
  /** The subject's data, without secrets (password hashes, tokens, 2FA keys); omit when none is theirs to see. */
  exportFor?: (db: Db, subject: PrivacySubject) => Promise<unknown>;
  /**
   * Before the transaction: work with outside services (a payment provider). Throws to refuse the
   * whole erasure, before anything is erased.
   */
  prepareErase?: (db: Db, subject: PrivacySubject, services: ErasureServices) => Promise<void>;
  /** Deletes or anonymises the subject's rows, inside the erasure's one transaction. Running it twice is harmless. */
  eraseFor: (tx: Tx, subject: ErasureSubject, services: ErasureServices) => Promise<void>;
  /** After `eraseFor`, in the same transaction: rows still mentioning them, left for the admin. */
  listLeft?: (tx: Tx, subject: ErasureSubject) => Promise<LeftRow[]>;
};
