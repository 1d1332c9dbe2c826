/** Imported first by every CLI script: `.env` is loaded before any module reads the environment. */
import { loadEnvFile } from "../../server/env-file.ts";

loadEnvFile();
