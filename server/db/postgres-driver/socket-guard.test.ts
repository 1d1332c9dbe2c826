import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { postgresPackageRoot } from "./load.ts";
import { ensureSocketGuard, GUARD_MARK, GUARDED_VERSION, withSocketGuard } from "./socket-guard.ts";

const FLAVOURS = ["src", "cjs/src", "cf/src"];
const folders: string[] = [];

/** A copy of the installed driver in a temporary folder (guarded or not, as npm left it). */
function copyOfInstalledDriver() {
  const folder = mkdtempSync(path.join(tmpdir(), "pg-guard-"));
  folders.push(folder);
  const root = path.join(folder, "postgres");
  cpSync(postgresPackageRoot(), root, { recursive: true });
  return root;
}

afterEach(() => {
  for (const folder of folders.splice(0)) {
    rmSync(folder, { recursive: true, force: true });
  }
});

describe("the postgres.js socket guard", () => {
  it("is applied to the installed driver's version (an upgrade must check whether it is still needed)", () => {
    const { version } = JSON.parse(readFileSync(path.join(postgresPackageRoot(), "package.json"), "utf8"));
    expect(version).toBe(GUARDED_VERSION);
  });

  it("guards every build of the driver once, and the guarded driver still loads", async () => {
    const root = copyOfInstalledDriver();
    expect(["patched", "already patched"]).toContain(ensureSocketGuard(root));
    for (const flavour of FLAVOURS) {
      const source = readFileSync(path.join(root, flavour, "connection.js"), "utf8");
      expect(source.split(GUARD_MARK)).toHaveLength(4); // nextWrite + the two teardown lines
    }
    expect(ensureSocketGuard(root)).toBe("already patched");
    const driver = await import(path.join(root, "src/index.js"));
    expect(typeof driver.default).toBe("function");
  });

  it("refuses a source it does not fit instead of guessing", () => {
    expect(() => withSocketGuard("function other() {}", "connection.js")).toThrow(
      /unexpected postgres\.js source/,
    );
  });
});
