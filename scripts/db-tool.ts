/** What db:backup and db:restore share: the configuration, and errors told as one clear line. */

import "./support/env.ts";
import { ConfigError, loadConfig } from "../server/config.ts";
import { BackupError } from "../server/db/backup/errors.ts";
import { DataFolderInUse, DataFolderUnusable } from "../server/db/data-folder-lock.ts";
import { ImportRefused } from "../server/migration/legacy/run.ts";

export function loadToolConfig() {
  return loadConfig({ ...process.env, LOG_LEVEL: "warn" });
}

/** `host:port/database` of a PostgreSQL URL, without the password. */
export function describePostgres(url: string): string {
  const parsed = new URL(url);
  return `PostgreSQL ${parsed.host}${parsed.pathname}`;
}

/** Runs the tool; an error the operator can fix prints its message (no stack) and exits 1. */
export function runDbTool(main: () => Promise<void>, usage: string) {
  main().catch((error) => {
    if (error instanceof UsageError || isParseArgsError(error))
      console.error(`${error.message}\nUsage: ${usage}`);
    else if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
    else if (isOperatorError(error)) console.error(error.message);
    else console.error(error);
    process.exitCode = 1;
  });
}

export class UsageError extends Error {}

function isOperatorError(error: unknown): error is Error {
  return (
    error instanceof BackupError ||
    error instanceof DataFolderInUse ||
    error instanceof DataFolderUnusable ||
    error instanceof ImportRefused
  );
}

/** node:util parseArgs refusing an unknown option or a missing value. */
function isParseArgsError(error: unknown): error is Error {
  return error instanceof Error && String((error as NodeJS.ErrnoException).code).startsWith("ERR_PARSE_ARGS");
}
