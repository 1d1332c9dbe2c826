/**
 * Likely disease claims in a supplement's text (pure: the admin screens and the review queue).
 *
 * A dietary supplement may describe how it affects the body's structure or function ("supports
 * energy levels") but may not claim to diagnose, treat, cure, mitigate or prevent a disease
 * (21 CFR 101.93(g); the FTC holds testimonials and reviews the shop publishes to the same rule).
 * This flags a sentence that names a disease together with a claim verb ("Cures anxiety", "Cured
 * my anxiety!", "prevents cancer"), or a disease in a claim phrase ("anti-cancer", "arthritis
 * relief"). It only explains: the owner decides, and nothing is ever changed automatically.
 *
 * The lists are maintained here: a term is lower-case and matched as whole words (a trailing
 * "s" is allowed), so "cancer" matches "cancers" but not "cancerous"-free text like "can".
 */

/** Diseases and disorders named in FDA warning letters to supplement sellers. */
export const DISEASE_TERMS = [
  "acne",
  "addiction",
  "adhd",
  "aids",
  "alzheimer's",
  "alzheimers",
  "alzheimer",
  "anemia",
  "anxiety",
  "anxiety disorder",
  "arthritis",
  "asthma",
  "autism",
  "bipolar",
  "cancer",
  "cataract",
  "chronic fatigue syndrome",
  "cirrhosis",
  "colitis",
  "common cold",
  "copd",
  "coronavirus",
  "covid",
  "covid-19",
  "crohn's",
  "dementia",
  "depression",
  "diabetes",
  "disease",
  "eczema",
  "epilepsy",
  "erectile dysfunction",
  "fibromyalgia",
  "flu",
  "glaucoma",
  "gout",
  "heart attack",
  "heart disease",
  "hepatitis",
  "herpes",
  "high blood pressure",
  "high cholesterol",
  "hiv",
  "hypertension",
  "ibs",
  "impotence",
  "infection",
  "infertility",
  "inflammation",
  "influenza",
  "insomnia",
  "kidney disease",
  "kidney stone",
  "leukemia",
  "liver disease",
  "lupus",
  "lyme disease",
  "migraine",
  "multiple sclerosis",
  "obesity",
  "osteoporosis",
  "panic attack",
  "parkinson's",
  "parkinsons",
  "psoriasis",
  "ptsd",
  "schizophrenia",
  "seizure",
  "stroke",
  "tumor",
  "tumour",
  "ulcer",
  "virus",
] as const;

/** Verbs (and their forms) that claim an effect on a disease. */
export const CLAIM_VERBS = [
  "beat",
  "combat",
  "cure",
  "cured",
  "cures",
  "curing",
  "diagnose",
  "diagnoses",
  "eliminate",
  "eliminated",
  "eliminates",
  "fight",
  "fights",
  "fought",
  "got rid of",
  "gets rid of",
  "heal",
  "healed",
  "heals",
  "healing",
  "lower the risk of",
  "lowers the risk of",
  "mitigate",
  "mitigates",
  "no more",
  "prevent",
  "prevented",
  "prevention of",
  "prevents",
  "protect against",
  "protects against",
  "reduce the risk of",
  "reduces the risk of",
  "remedy for",
  "reverse",
  "reversed",
  "reverses",
  "treat",
  "treated",
  "treating",
  "treatment for",
  "treatment of",
  "treats",
  "cure for",
  "relief from",
  "relief of",
  "relieves",
  "relieved",
  "stops",
  "stopped",
] as const;

/** Phrases around a disease that claim on their own: "anti-cancer", "arthritis relief". */
const DISEASE_PREFIXES = ["anti-", "anti "];
const DISEASE_SUFFIXES = [" relief", " remedy", " treatment", " cure", "-fighting", " fighting", " killer"];

/** Words before a verb that deny the claim: "not intended to diagnose, treat, cure or prevent". */
const NEGATIONS = ["not", "never", "cannot"];

/** How far apart (in words) a verb and the disease it acts on may stand in one sentence. */
const MAX_GAP_WORDS = 6;

export type ClaimFlag = {
  /** The flagged words as written, and where they are in the text (for highlighting). */
  phrase: string;
  start: number;
  end: number;
  disease: string;
  /** Why, in one sentence for the owner. */
  reason: string;
};

type Match = { start: number; end: number; text: string };

const escapeTerm = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/'/g, "['’]");
const alternation = (terms: readonly string[]) =>
  [...terms]
    .sort((a, b) => b.length - a.length)
    .map(escapeTerm)
    .join("|");

const diseasePattern = new RegExp(
  `(?<![\\p{L}\\d])(?:${alternation(DISEASE_TERMS)})s?(?![\\p{L}\\d])`,
  "giu",
);
const verbPattern = new RegExp(`(?<![\\p{L}\\d])(?:${alternation(CLAIM_VERBS)})(?![\\p{L}\\d])`, "giu");

function matches(pattern: RegExp, text: string): Match[] {
  return [...text.matchAll(pattern)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    text: m[0],
  }));
}

/** Sentences with their offsets: a claim never spans a full stop, "!" or "?" (or a new line). */
function sentences(text: string): Match[] {
  return matches(/[^.!?\n]+[.!?]*/g, text);
}

const wordsBetween = (text: string) => text.split(/\s+/).filter(Boolean).length;

function negated(sentence: string, verbStart: number): boolean {
  const before = sentence.slice(0, verbStart).toLowerCase();
  // "not intended to diagnose, treat, cure, or prevent": the denial covers the whole list.
  const lastWords = before
    .split(/[\s,]+/)
    .filter(Boolean)
    .slice(-8);
  return lastWords.some((w) => NEGATIONS.includes(w) || /n['’]t$/.test(w));
}

const reasonFor = (disease: string) =>
  `Claims to diagnose, treat, cure or prevent a disease ("${disease}"), which a dietary supplement may not (21 CFR 101.93(g); FTC). Describe an effect on the body's structure or function instead, e.g. "supports a calm mood".`;

/** One sentence's flags: a claim verb before the disease, or a claim phrase around it. */
function flagsInSentence(sentence: Match): ClaimFlag[] {
  const diseases = matches(diseasePattern, sentence.text);
  const verbs = matches(verbPattern, sentence.text);
  const flags: ClaimFlag[] = [];
  for (const disease of diseases) {
    const lower = sentence.text.toLowerCase();
    const verb = verbs.findLast(
      (v) =>
        v.end <= disease.start &&
        wordsBetween(sentence.text.slice(v.end, disease.start)) <= MAX_GAP_WORDS &&
        !negated(sentence.text, v.start),
    );
    const prefixed = DISEASE_PREFIXES.some((p) => lower.slice(0, disease.start).endsWith(p));
    const suffix = DISEASE_SUFFIXES.find((s) => lower.slice(disease.end).startsWith(s));
    if (!verb && !prefixed && !suffix) continue;
    const start = verb ? verb.start : prefixed ? lower.lastIndexOf("anti", disease.start) : disease.start;
    const end = suffix ? disease.end + suffix.length : disease.end;
    flags.push({
      phrase: sentence.text.slice(start, end),
      start: sentence.start + start,
      end: sentence.start + end,
      disease: disease.text.toLowerCase(),
      reason: reasonFor(disease.text.toLowerCase()),
    });
  }
  return flags;
}

/** The likely disease claims in a text, in order (an empty list for allowed text). */
export function findDiseaseClaims(text: string): ClaimFlag[] {
  if (!text) return [];
  return sentences(text).flatMap(flagsInSentence);
}

/** A text cut into plain and flagged parts, for highlighting the flagged phrases. */
export function highlightClaims(text: string, flags: ClaimFlag[]): { text: string; flagged: boolean }[] {
  const parts: { text: string; flagged: boolean }[] = [];
  let at = 0;
  for (const flag of [...flags].sort((a, b) => a.start - b.start)) {
    if (flag.start < at) continue;
    if (flag.start > at) parts.push({ text: text.slice(at, flag.start), flagged: false });
    parts.push({ text: text.slice(flag.start, flag.end), flagged: true });
    at = flag.end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), flagged: false });
  return parts;
}
