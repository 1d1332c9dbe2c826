/**
 * Preload (`node --require`) that appends every module file the process loads to $MODULE_LOG:
 * CommonJS files run here, ES modules through the load hook in module-log-hooks.mjs.
 * Tests use it to see which builds of React and React Router a running server really loaded.
 */
const { appendFileSync } = require("node:fs");
const Module = require("node:module");
const { pathToFileURL } = require("node:url");

const logFile = process.env.MODULE_LOG;
if (logFile) {
  // Wraps the loader of .js files: called once per CommonJS file actually run, not for files
  // only resolved (Node resolves both branches of `react/index.js` to learn its exports).
  const loadJs = Module._extensions[".js"];
  Module._extensions[".js"] = function logged(module, filename) {
    if (filename.includes("node_modules")) appendFileSync(logFile, `${filename}\n`);
    return loadJs.call(this, module, filename);
  };
  Module.register(pathToFileURL(`${__dirname}/module-log-hooks.mjs`), { data: { logFile } });
}
