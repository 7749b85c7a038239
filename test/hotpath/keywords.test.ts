// Unit tests: keyword semantics (case folding, word boundaries, duplicates) on
// matchKeyword and on both hot paths.
import { describe, expect, test } from "vitest";
import { compileAutomaton, matchKeyword, MAX_KEYWORDS } from "../../src/hotpath/index.js";
import { hitList, pair, scanBoth } from "./helpers.js";

const cases: Array<[keyword: string, text: string, expected: boolean]> = [
  ["rm", "rm -rf /", true],
  ["rm", "sudo rm", true],
  ["rm", "rm", true],
  ["rm", "format", false],
  ["rm", "rmdir x", false],
  ["rm", "RM -rf", true],
  ["RM", "sudo rm -r", true],
  ["rm", "x_rm", false],
  ["rm", "rm_x", false],
  ["rm", "rm2", false],
  ["rm", "/bin/rm -f", true],
  ["rm", "a\nrm\nb", true],
  ["rm", "érm", true], // non-ASCII bytes are non-word
  ["rm", "rmé", true],
  ["rm", "farm rmx rm", true], // a later occurrence passes
  ["git push", "git push origin main", true],
  ["git push", "GIT Push --force", true],
  ["git push", "git pushx", false],
  ["git push", "git  push", false],
  ["git push", "xgit push", false],
  ["--force", "x --force", true],
  ["--force", "x--force", true], // first byte is not a word byte: no left boundary
  ["--force", "--forced", false],
  ["--force", "--force-with-lease", true],
  ["foo(", "xfoo(", false],
  ["foo(", "foo(bar", true],
  ["(foo", "(foobar", false],
  ["(foo", "x(foo)", true],
  ["_", "a_b", false],
  ["_", "a _ b", true],
  ["-", "a-b", true],
  ["ß", "straße", true],
  ["É", "é", false], // non-ASCII is compared exactly
  ["é", "CAFÉ", false],
  ["é", "café", true],
  ["😀", "a😀b", true],
  ["drop table", "DROP TABLE users;", true],
  ["", "", false],
  ["", "anything", false],
  ["x", "", false],
  ["a b", "a\nb", false],
];

describe("keyword semantics", () => {
  test.each(cases)("%j in %j → %s (matchKeyword)", (keyword, text, expected) => {
    expect(matchKeyword(text, keyword)).toBe(expected);
  });

  test("the same on both hot paths, one automaton for all cases", () => {
    const keywords = cases.map((c) => c[0]);
    const p = pair(keywords);
    for (let i = 0; i < cases.length; i++) {
      const [, text] = cases[i];
      const scan = scanBoth(p, JSON.stringify({ command: text }));
      const hits = hitList(scan, keywords.length);
      for (let k = 0; k < keywords.length; k++) {
        expect(hits[k], `${JSON.stringify(keywords[k])} in ${JSON.stringify(text)}`).toBe(matchKeyword(text, keywords[k]));
      }
      expect(hits[i]).toBe(cases[i][2]);
    }
  });

  test("duplicates and case variants each get their own bit", () => {
    const keywords = ["rm", "RM", "rm", "Rm", "sudo"];
    const p = pair(keywords);
    expect(hitList(scanBoth(p, '["sudo rm -rf"]'), 5)).toEqual([true, true, true, true, true]);
    expect(hitList(scanBoth(p, '["format"]'), 5)).toEqual([false, false, false, false, false]);
  });

  test("overlapping keywords (suffix chains) all report", () => {
    const keywords = ["he", "she", "his", "hers", "a", "aa", "aaa", "s"];
    const p = pair(keywords);
    const hits = hitList(scanBoth(p, '[" ushers aa "]'), keywords.length);
    // "ushers" is one word, so no word keyword inside it matches; " aa " holds "aa" but not "a" or "aaa"
    expect(hits).toEqual([false, false, false, false, false, true, false, false]);
    const hits2 = hitList(scanBoth(p, '["she", "he", "his hers", "aaa"]'), keywords.length);
    expect(hits2).toEqual([true, true, true, true, false, false, true, false]);
    const q = pair(["he", "she", "his", "hers", "-a", "-aa"]);
    // "-a" ends in a word byte followed by "a": no match; "-aa" is followed by "-": a match
    expect(hitList(scanBoth(q, '["-aa-"]'), 6)).toEqual([false, false, false, false, false, true]);
    expect(hitList(scanBoth(q, '["-a-aa"]'), 6)).toEqual([false, false, false, false, true, true]);
  });

  test("keywords that only differ in non-word punctuation share prefixes correctly", () => {
    const keywords = ["git push --force", "git push", "push", "--force", "-f"];
    const p = pair(keywords);
    expect(hitList(scanBoth(p, '{"command":"git push --force origin"}'), 5)).toEqual([true, true, true, true, false]);
    expect(hitList(scanBoth(p, '{"command":"git push -f"}'), 5)).toEqual([false, true, true, false, true]);
  });

  test("the empty keyword set and the empty keyword", () => {
    const p = pair([]);
    expect(Array.from(scanBoth(p, '["x"]').hits)).toEqual([0]);
    const q = pair(["", "x", ""]);
    expect(hitList(scanBoth(q, '["x"]'), 3)).toEqual([false, true, false]);
    expect(hitList(scanBoth(q, '[""]'), 3)).toEqual([false, false, false]);
  });

  test("MAX_KEYWORDS keywords compile and the last bit works; one more throws RangeError", () => {
    expect(MAX_KEYWORDS).toBe(65536);
    const keywords = Array.from({ length: MAX_KEYWORDS }, (_, i) => `k${i}`);
    const p = pair(keywords);
    const scan = scanBoth(p, JSON.stringify([`x k${MAX_KEYWORDS - 1} k0 k7x`]));
    expect(scan.hits.length).toBe(MAX_KEYWORDS / 32);
    const hits = hitList(scan, MAX_KEYWORDS);
    expect(hits.filter(Boolean).length).toBe(2);
    expect(hits[0] && hits[MAX_KEYWORDS - 1]).toBe(true);
    expect(() => compileAutomaton([...keywords, "one more"])).toThrow(RangeError);
  });

  test("bit 31 of a word (the sign bit) is set and read correctly", () => {
    const keywords = Array.from({ length: 64 }, (_, i) => `w${i}`);
    const p = pair(keywords);
    const hits = hitList(scanBoth(p, '["w31 w63 w32"]'), 64);
    expect(hits.flatMap((h, i) => (h ? [i] : []))).toEqual([31, 32, 63]);
  });
});
