// The touch-set matcher shared by the `touch_set` predicate and `gatehouse
// guard` (src/model/touch-set.ts): gitignore syntax, case-sensitive, last
// match wins, and a pattern git would silently give up on is `bad_pattern`.
import type { CaseSpec } from "../spec.js";
import { bash, bundle, event, fired, leaf, neutral, t1 } from "./helpers.js";

const write = (file_path: string) => event("Write", { file_path, content: "x" });
const rule = (patterns: string[]) => t1("r", leaf("path.rel", "touch_set", patterns));

function judged(name: string, patterns: string[], path: string, inSet: boolean): CaseSpec {
  return { name, bundle: bundle([rule(patterns)]), event: write(path), expect: inSet ? fired("r") : neutral };
}

const good = t1("good", leaf("tool.name", "eq", "Bash"));
function broken(name: string, patterns: string[]): CaseSpec {
  return {
    name,
    bundle: bundle([good, rule(patterns)]),
    event: bash("ls"),
    expect: fired("good"),
    expect_skipped: [{ kind: "t1_predicate_tree", id: "r", reason: "bad_pattern" }],
  };
}

export const specs: CaseSpec[] = [
  judged("guard touch_set: matching is case-sensitive (SRC/a.ts is not under src/**)", ["src/**"], "SRC/a.ts", false),
  judged("guard touch_set: a directory pattern covers the files beneath it", ["docs/"], "docs/guide/intro.md", true),
  judged("guard touch_set: an unanchored name matches at any depth", ["*.md"], "docs/guide/intro.md", true),
  judged("guard touch_set: a leading / anchors to the checkout root", ["/README.md"], "docs/README.md", false),
  judged("guard touch_set: a ./ spelling of the event path is the same path", ["src/**"], "./src/a.ts", true),
  judged("guard touch_set: a # line is a comment, not a pattern", ["#src/**", "docs/**"], "src/a.ts", false),
  judged("guard touch_set: an escaped \\# is a literal name", ["\\#notes.md"], "#notes.md", true),
  judged("guard touch_set: a closed bracket class matches", ["src/[ab].ts"], "src/b.ts", true),
  judged("guard touch_set: a POSIX class inside brackets matches", ["v[[:digit:]].txt"], "v7.txt", true),
  judged("guard touch_set: a path that climbs out with .. is in no touch set", ["**"], "../outside.ts", false),
  broken("guard touch_set: an unterminated [ is bad_pattern, not a silent no-match", ["src/**", "["]),
  broken("guard touch_set: an unknown [:class:] is bad_pattern", ["[[:word:]]x"]),
  broken("guard touch_set: a lone trailing backslash is bad_pattern", ["src\\"]),
  broken("guard touch_set: a .. segment is bad_pattern (no checkout path has one)", ["../other/**"]),
  broken("guard touch_set: a bare ! is bad_pattern", ["src/**", "!"]),
];

export default specs;
