import { describe, expect, it } from "vitest";
import { csvCell, csvDate, csvDollars, csvRow } from "./csv.ts";

describe("csv", () => {
  it("quotes per RFC 4180: commas, quotes and line breaks", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('Say "hi"')).toBe('"Say ""hi"""');
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(3)).toBe("3");
    expect(csvRow(["a", "b,c"])).toBe('a,"b,c"\r\n');
  });

  it("defuses cells a spreadsheet would run as formulas (OWASP CSV injection)", () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvCell("+1 555 0100")).toBe("'+1 555 0100");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe('"\'\tcmd"');
    expect(csvCell("\rcmd")).toBe('"\'\rcmd"');
    expect(csvCell("a=b")).toBe("a=b");
  });

  it("quotes every locale's list separator, so no part of a cell starts a cell of its own", () => {
    expect(csvCell("Pat;x")).toBe('"Pat;x"');
    expect(csvCell("=1;2")).toBe('"\'=1;2"');
    expect(csvCell("Smith, -")).toBe('"Smith, -"');
  });

  it("defuses a formula after a separator inside the cell (a spreadsheet splitting on it ignores our quotes)", () => {
    expect(csvCell("Pat;=2+5;<tag>")).toBe('"Pat;\'=2+5;<tag>"');
    expect(csvCell("a\t=1+1")).toBe('"a\t\'=1+1"');
    expect(csvCell(";=1,@A1")).toBe("\";'=1,'@A1\"");
    expect(csvRow(["Pat;=2+5", "x"])).toBe('"Pat;\'=2+5",x\r\n');
  });

  it("writes cents as dollars with two decimals and dates in ISO", () => {
    expect(csvDollars(123450)).toBe("1234.50");
    expect(csvDollars(5)).toBe("0.05");
    expect(csvDollars(0)).toBe("0.00");
    expect(csvDate(new Date("2025-03-01T12:00:00Z"))).toBe("2025-03-01T12:00:00.000Z");
    expect(csvDate(null)).toBe("");
  });
});
