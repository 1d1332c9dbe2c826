/** Load hook of module-log.cjs: logs each ES module loaded from node_modules. */
import { appendFileSync } from "node:fs";

let logFile;

export function initialize(data) {
  logFile = data.logFile;
}

export async function load(url, context, nextLoad) {
  if (url.includes("node_modules") && context.format !== "commonjs") appendFileSync(logFile, `${url}\n`);
  return nextLoad(url, context);
}
