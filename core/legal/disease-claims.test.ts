import { describe, expect, it } from "vitest";
import { findDiseaseClaims, highlightClaims } from "./disease-claims.ts";

const flagged = (text: string) => findDiseaseClaims(text).map((f) => f.phrase);

describe("disease-claim flagger", () => {
  it.each([
    ["Cures anxiety", "Cures anxiety"],
    ["Cured my anxiety!", "Cured my anxiety"],
    ["It treats diabetes naturally.", "treats diabetes"],
    ["Shilajit prevents cancer.", "prevents cancer"],
    ["This resin helped reverse my type 2 diabetes in weeks", "reverse my type 2 diabetes"],
    ["My arthritis is gone, this heals arthritis!", "heals arthritis"],
    ["Powerful anti-cancer minerals", "anti-cancer"],
    ["Natural arthritis relief for seniors", "arthritis relief"],
    ["No more migraines since I started taking it", "No more migraines"],
    ["Helps fight the flu and colds", "fight the flu"],
    ["Reduces the risk of heart disease", "Reduces the risk of heart disease"],
    ["Lowers high blood pressure? It cured my hypertension.", "cured my hypertension"],
    ["CURES ANXIETY AND DEPRESSION", "CURES ANXIETY"],
    ["Got rid of my insomnia for good", "Got rid of my insomnia"],
    ["A remedy for Alzheimer’s", "remedy for Alzheimer’s"],
    ["No side effects, and it cures anxiety", "cures anxiety"],
  ])("flags %j", (text, phrase) => {
    expect(flagged(text)).toContain(phrase);
  });

  it.each([
    "Supports energy levels",
    "Helps maintain healthy joints",
    "Promotes relaxation",
    "Supports healthy blood sugar levels already within the normal range",
    "Supports a healthy immune system",
    "Helps reduce occasional stress and supports a calm mood",
    "Traditionally used in Ayurveda to support vitality and stamina",
    "This product is not intended to diagnose, treat, cure, or prevent any disease.",
    "These statements have not been evaluated by the Food and Drug Administration. This product is not intended to diagnose, treat, cure, or prevent any disease.",
    "Great taste, fast shipping, I feel more energetic in the mornings!",
    "Rich in fulvic acid and trace minerals",
  ])("allows %j", (text) => {
    expect(findDiseaseClaims(text)).toEqual([]);
  });

  it("gives the owner the reason and the place of each flag, one per disease", () => {
    const text = "Love it. It cured my anxiety and prevents cancer!";
    const flags = findDiseaseClaims(text);
    expect(flags.map((f) => [f.disease, text.slice(f.start, f.end)])).toEqual([
      ["anxiety", "cured my anxiety"],
      ["cancer", "prevents cancer"],
    ]);
    expect(flags[0]!.reason).toContain("21 CFR 101.93(g)");
    expect(highlightClaims(text, flags)).toEqual([
      { text: "Love it. It ", flagged: false },
      { text: "cured my anxiety", flagged: true },
      { text: " and ", flagged: false },
      { text: "prevents cancer", flagged: true },
      { text: "!", flagged: false },
    ]);
  });
});
