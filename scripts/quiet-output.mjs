/**
 * Line filters for the output of tools we run (scripts/build.mjs, scripts/typegen.mjs): a warning
 * no setting of ours can change is dropped, everything else passes through.
 */
import { stripVTControlCharacters } from "node:util";

/**
 * React Router's CLI creates Vite servers of its own with `envFile: false` (reading the route
 * config, type generation), which Vite 8 calls deprecated on every run; the option is in
 * @react-router/dev's code, out of reach of vite.config.ts (docs/decisions/024-first-run.md).
 */
export function isEnvFileDeprecation(line) {
  return stripVTControlCharacters(line).includes("The `envFile` option is deprecated");
}

/** Copies a child's output stream line by line to `to`, leaving out the lines `isNoise` names. */
export function forwardLines(from, to, isNoise) {
  let rest = "";
  from.setEncoding("utf8");
  from.on("data", (chunk) => {
    const lines = (rest + chunk).split("\n");
    rest = lines.pop() ?? "";
    for (const line of lines) if (!isNoise(line)) to.write(`${line}\n`);
  });
  from.on("end", () => rest && !isNoise(rest) && to.write(rest));
}
