import { existsSync } from "node:fs";
import path from "node:path";

/**
 * Loads `.env` from the working directory into process.env, if there is one: `npm start`,
 * `npm run dev` and every CLI script read it (docs/configuration.md). Variables already set in the
 * real environment win, as with Node's own --env-file. No dependency: Node's process.loadEnvFile.
 */
export function loadEnvFile(file = path.join(process.cwd(), ".env")) {
  if (existsSync(file)) process.loadEnvFile(file);
}
