/**
 * Applies the postgres.js socket guard (docs/decisions/052-postgres-driver-guard.md) to the
 * installed driver now, instead of at the server's first start: for images whose node_modules is
 * read-only at run time (the Dockerfile runs it in its build stage).  npm run db:driver-guard
 */
import { postgresPackageRoot } from "../server/db/postgres-driver/load.ts";
import { ensureSocketGuard } from "../server/db/postgres-driver/socket-guard.ts";

const root = postgresPackageRoot();
console.log(`postgres.js at ${root}: ${ensureSocketGuard(root)}`);
