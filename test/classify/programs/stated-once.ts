// Program knowledge stated once (issue 19 item 1): reads src/classify with the
// TypeScript parser and lists every string-array literal that is an option
// list (`longValue`, `longBool`, `params`, `value`, `bool`, … of three or more
// options) or a program name list (`names`, `api`, of two or more names) whose
// set of strings another literal of the same kind states again. Two copies of
// one list are two places to forget an option in (the aws, git and node
// bypasses of issue 19); the one copy lives in src/classify/programs/ and both
// readers import it.
import ts from "typescript";

/** Property names whose string array is an option list. */
export const OPTION_KEYS: ReadonlySet<string> = new Set(["longValue", "longBool", "longOptional", "value", "bool", "params", "valueOptions", "valueFlags", "long"]);
/** Property names whose string array is a list of program (or cmdlet) names. */
export const NAME_KEYS: ReadonlySet<string> = new Set(["names", "api"]);
/** A constant named for what it holds (`FLY_NAMES`, `NODE_VALUE_OPTIONS`): an array literal, or a `new Set([…])` of one. */
const NAMED_CONSTANT = /(?:^|_)(NAMES|OPTIONS|PARAMS|FLAGS)$/;
const MIN = { option: 3, names: 2 } as const;

export interface StatedList {
  kind: "option" | "names";
  /** The strings, sorted, deduplicated. */
  values: string[];
  /** `file:line key`. */
  at: string;
}

/** Every option list and name list in one source file. */
export function statedLists(file: string, source: string): StatedList[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const out: StatedList[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isArrayLiteralExpression(n) && n.elements.length > 0 && n.elements.every((e) => ts.isStringLiteralLike(e))) {
      const key = keyOf(n, sf);
      const constant = NAMED_CONSTANT.exec(key)?.[1];
      const kind = OPTION_KEYS.has(key) ? "option" : NAME_KEYS.has(key) || constant === "NAMES" ? "names" : constant ? "option" : null;
      const values = [...new Set(n.elements.map((e) => (e as ts.StringLiteralLike).text))].sort();
      if (kind !== null && values.length >= MIN[kind]) {
        const line = sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1;
        out.push({ kind, values, at: `${file}:${line} ${key}` });
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

/** The property (`longValue: […]`) or constant (`const FLY_NAMES = […]`, `= new Set([…])`) an array literal is the value of, or "". */
function keyOf(n: ts.ArrayLiteralExpression, sf: ts.SourceFile): string {
  let p: ts.Node = n.parent;
  if (ts.isNewExpression(p) && p.arguments?.length === 1) p = p.parent;
  while (ts.isAsExpression(p) || ts.isSatisfiesExpression(p)) p = p.parent;
  if (ts.isPropertyAssignment(p) && (p.initializer === n || p.initializer.pos <= n.pos)) return p.name.getText(sf);
  if (ts.isVariableDeclaration(p)) return p.name.getText(sf);
  return "";
}

/** Lists stated more than once: one line per set, naming every place. */
export function statedTwice(files: ReadonlyArray<readonly [string, string]>): string[] {
  const seen = new Map<string, string[]>();
  for (const [file, source] of files) {
    for (const l of statedLists(file, source)) {
      const key = `${l.kind} [${l.values.join(", ")}]`;
      seen.set(key, [...(seen.get(key) ?? []), l.at]);
    }
  }
  return [...seen].filter(([, at]) => at.length > 1).map(([key, at]) => `${key}: ${at.join(" · ")}`);
}

/**
 * Option lists in two files that are near copies: at least `minShared` options
 * in common, and at least `share` of the smaller list. An exact copy is
 * statedTwice's; a near copy is the bypass itself — one copy forgot an
 * option the other has (kubectl's exec launcher lacked --tls-server-name, the
 * HTTP family's HTTPie list --resolve). One line per pair of files, sorted.
 */
export function nearCopies(files: ReadonlyArray<readonly [string, string]>, minShared = 6, share = 0.75): string[] {
  const lists = files.flatMap(([file, source]) => statedLists(file, source).filter((l) => l.kind === "option").map((l) => ({ ...l, file })));
  const pairs = new Set<string>();
  for (let i = 0; i < lists.length; i++)
    for (let j = i + 1; j < lists.length; j++) {
      const a = lists[i]!;
      const b = lists[j]!;
      if (a.file === b.file) continue;
      const shared = a.values.filter((v) => b.values.includes(v)).length;
      if (shared >= minShared && shared >= share * Math.min(a.values.length, b.values.length)) pairs.add([a.file, b.file].sort().join(" ~ "));
    }
  return [...pairs].sort();
}
