import { describe, expect, it } from "vitest";
import { createOrder, createUser } from "../factories/index.ts";
import { setupTarget } from "./support.ts";

/**
 * Issue 29, finding 5: a guest named `Pat;=2+5;<tag>` was exported unquoted, and Excel with `;` as
 * its list separator (much of Europe) read `=2+5` as a cell of its own and evaluated it. Every
 * export is read here as a spreadsheet would with each locale's separator: no cell may start a
 * formula.
 */
const admin = { email: "csv-admin@example.com", password: "csv-admin-pass-1" };
const hostile = {
  name: "Pat;=2+5;<tag>",
  email: "pat.semicolon@example.com",
  phone: "1;+1+1",
  line1: "2\t=3+4",
};

const target = setupTarget({
  seed: "none",
  env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
  prepare: async (db) => {
    // The same name on an account: the customers export lists accounts.
    await createUser(db, { name: hostile.name, email: "pat.account@example.com" });
    await createOrder(db, {
      paymentStatus: "paid",
      name: hostile.name,
      email: hostile.email,
      phone: hostile.phone,
      shippingAddress: {
        line1: hostile.line1,
        city: "Lyon;=1",
        postalCode: "69001",
        state: "",
        country: "FR",
      },
    });
  },
});

/**
 * Cells as a spreadsheet splitting on `separator` reads a line: ours (comma) honours quotes; with
 * another separator quotes count only at a cell's start, so the line is split plainly and a
 * leading quote dropped.
 */
function cellsOf(line: string, separator: string): string[] {
  if (separator !== ",") return line.split(separator).map((cell) => cell.replace(/^"/, ""));
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (char === '"' && quoted && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (char === '"') quoted = !quoted;
    else if (char === "," && !quoted) {
      cells.push(cell);
      cell = "";
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}

describe("CSV exports read with any locale's list separator", () => {
  it("quote a guest named Pat;=2+5;<tag>: no cell starts a formula", async () => {
    const office = await target.signedIn(admin);
    for (const url of ["/admin/orders/export.csv", "/admin/customers/export.csv"]) {
      const response = await office.get(url);
      expect(response.status, url).toBe(200);
      const csv = await response.text();
      expect(csv, url).toContain(`"Pat;'=2+5;<tag>"`);
      for (const separator of [",", ";", "\t"]) {
        const cells = csv.split("\r\n").flatMap((line) => cellsOf(line, separator));
        const formulas = cells.filter((cell) => /^[=+\-@\t\r]/.test(cell));
        expect(formulas, `${url} split on ${JSON.stringify(separator)}`).toEqual([]);
      }
    }
  });
});
