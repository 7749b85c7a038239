// Perl one-liners that only print (`perl -ne 'print if /x/' f`, `perl -le 'print 1'`,
// `perl -pe 's/a/b/g' f`): there is no Perl grammar here, so inline Perl is shape 6 —
// except code this reader proves does nothing but compute and print. It is an
// allowlist, not a parser: the switches must be the line-processing ones (-n -p -l
// -a -F -e -E -w -0, never -i, -M, -I, -x, -d), and every token of the code must be
// a literal, a variable (not %ENV), a regex or substitution without code (`(?{…})`,
// `/e`), an operator, or a word from PRINT_ONLY_WORDS. Anything else — `system`,
// `open`, `unlink`, backticks, `qx`, `eval`, `use`, a method call, an interpolated
// `@{[…]}` — keeps shape 6. The file operands after the code are what it reads.
// PERL_PRINT_EXAMPLES beside it run in test/classify/programs/perl.test.ts.
import type { Arg } from "./args.js";

/** Builtins that compute, format or control the loop — none touches a file, a process or the network. */
const PRINT_ONLY_WORDS: ReadonlySet<string> = new Set([
  "print", "say", "printf", "sprintf", "if", "unless", "elsif", "else", "while", "until", "for", "foreach", "my", "and", "or", "not", "xor",
  "next", "last", "redo", "chomp", "chop", "split", "join", "lc", "uc", "lcfirst", "ucfirst", "length", "defined", "scalar",
  "sort", "reverse", "keys", "values", "each", "exists", "substr", "index", "rindex", "int", "abs", "sqrt", "hex", "oct", "ord", "chr",
  "push", "pop", "shift", "unshift", "grep", "map", "wantarray", "die", "warn", "exit", "local", "undef",
  "eq", "ne", "lt", "gt", "le", "ge", "cmp", "x", "STDOUT", "STDERR", "STDIN", "ARGV", "BEGIN", "END",
]);

/** Switches of a line-processing one-liner: `-n -p -l[octal] -a -F<pattern> -e -E -w -0[digits]` (clustered or not). */
const SAFE_SWITCHES = /^-(?:[npawsEe]|l[0-7]*|0(?:[xX][0-9a-fA-F]+|[0-7]*)|F.*)+$/;
const QUOTE_OPS = /^(m|q|qq|qw|s|tr|y)$/;
const PAIRS: Readonly<Record<string, string>> = { "(": ")", "[": "]", "{": "}", "<": ">" };

/** The end (exclusive) of a delimited part starting at `i` (the opening delimiter), or -1. */
function delimited(code: string, i: number): number {
  const open = code[i]!;
  const close = PAIRS[open] ?? open;
  let depth = 0;
  for (let j = i + 1; j < code.length; j++) {
    const c = code[j]!;
    if (c === "\\") j++;
    else if (c === close && depth === 0) return j + 1;
    else if (c === close) depth--;
    else if (c === open && close !== open) depth++;
  }
  return -1;
}

/** Code the regex engine would run, or an interpolated expression in a string. */
const CODE_IN_TEXT = /\(\?\??\{|@\{|\$\{|`/;

/** Does this Perl code only compute and print? */
export function perlCodePrintsOnly(code: string): boolean {
  let term = true; // a term is expected: `/` starts a regex, not a division
  let i = 0;
  while (i < code.length) {
    const c = code[i]!;
    if (/\s/.test(c)) { i++; continue; }
    if (c === "#") { const nl = code.indexOf("\n", i); i = nl < 0 ? code.length : nl; continue; }
    if (c === "'" || c === '"') {
      const end = delimited(code, i);
      if (end < 0 || (c === '"' && CODE_IN_TEXT.test(code.slice(i, end)))) return false;
      i = end; term = false; continue;
    }
    if (c === "`") return false;
    if (c === "$" || c === "@" || c === "%") {
      if (c === "%" && !term) { i++; term = true; continue; } // modulo
      const m = /^[$@%](\^?\w+|[_.,\/\\&`'+!0-9;])/.exec(code.slice(i));
      if (!m || /^(ENV|SIG|INC)$/.test(m[1]!)) return false;
      i += m[0].length; term = false; continue;
    }
    if (/[A-Za-z_]/.test(c)) {
      const word = /^\w+/.exec(code.slice(i))![0];
      const after = code.slice(i + word.length);
      if (/^\s*=>/.test(after) || (/^\s*\}/.test(after) && code[i - 1] === "{")) { i += word.length; term = false; continue; } // a hash key
      if (QUOTE_OPS.test(word) && /^\s*[^\w\s,;=)]/.test(after)) {
        let j = i + word.length;
        while (/\s/.test(code[j] ?? "")) j++;
        let end = delimited(code, j);
        if (end < 0) return false;
        if (word === "s" || word === "tr" || word === "y") {
          // A second part: right after a symmetric delimiter, or its own bracketed part (`s{a}{b}`).
          let k = end;
          if (PAIRS[code[j]!]) { while (/\s/.test(code[k] ?? "")) k++; end = delimited(code, k); } else end = delimited(code, end - 1);
          if (end < 0) return false;
        }
        const flags = /^[a-z]*/.exec(code.slice(end))![0];
        if (CODE_IN_TEXT.test(code.slice(j, end)) || (word === "s" && flags.includes("e")) || word === "qx") return false;
        i = end + flags.length; term = false; continue;
      }
      if (!PRINT_ONLY_WORDS.has(word)) return false;
      i += word.length; term = true; continue;
    }
    if (/[0-9]/.test(c)) { i += /^[0-9][0-9_.]*/.exec(code.slice(i))![0].length; term = false; continue; }
    if (c === "/" && term) {
      const end = delimited(code, i);
      if (end < 0 || CODE_IN_TEXT.test(code.slice(i, end))) return false;
      i = end + /^[a-z]*/.exec(code.slice(end))![0].length; term = false; continue;
    }
    if (c === "<") {
      const m = /^<(STDIN)?>/.exec(code.slice(i));
      if (m && term) { i += m[0].length; term = false; continue; }
      if (code.startsWith("<<", i) && term) return false; // a heredoc
    }
    if (c === "&" && code[i + 1] !== "&") return false; // `&sub` calls, bitwise and
    if (code.startsWith("->", i) && /^->\s*\w/.test(code.slice(i))) return false; // a method call
    if (!/[;,(){}\[\]=!<>+\-*\/%.?:|^~\\]/.test(c)) return false;
    i++;
    term = !/[)\]}]/.test(c);
  }
  return true;
}

/**
 * `perl SWITCHES -e CODE [FILE…]` whose code only prints: the file operands it reads, or null when the
 * switches or the code may do more (or a word is not a literal).
 */
export function perlPrintOnly(args: readonly Arg[], start = 0): Arg[] | null {
  let code: string | null = null;
  const files: Arg[] = [];
  for (let j = start; j < args.length; j++) {
    const a = args[j]!;
    if (a.dynamic) return null;
    if (code !== null && !a.value.startsWith("-")) { files.push(a); continue; }
    if (code !== null && a.value !== "--") return null;
    if (a.value === "--") continue;
    // The cluster up to its -e/-E is switches; the rest of the word, else the next word, is the code.
    const e = /^(-[^eEF]*(?:F.*)?)(?:([eE])([\s\S]*))?$/.exec(a.value);
    if (e === null || !SAFE_SWITCHES.test(e[1]! + (e[2] ?? ""))) return null;
    if (e[2] === undefined) continue;
    if (e[3] !== "") code = e[3]!;
    else {
      const next = args[++j];
      if (next === undefined || next.dynamic) return null;
      code = next.value;
    }
  }
  return code !== null && perlCodePrintsOnly(code) ? files : null;
}

/** `perl SWITCHES [-] <<'EOF' … EOF`: a program fed on stdin that only prints, with line-processing switches only. */
export function perlStdinPrintsOnly(args: readonly Arg[], start: number, code: string): boolean {
  return args.slice(start).every((a) => !a.dynamic && (a.value === "-" || (SAFE_SWITCHES.test(a.value) && !/^-[^F]*[eE]/.test(a.value)))) && perlCodePrintsOnly(code);
}

/** [code, prints only?] — run by test/classify/programs/perl.test.ts. */
export const PERL_PRINT_EXAMPLES: ReadonlyArray<readonly [string, boolean]> = [
  ["print if /x/", true],
  ["print 1", true],
  ["print $1 if /id=(\\d+)/", true],
  ['print "hello\\n"', true],
  ["print unless /^#/", true],
  ["print $F[2]", true],
  ["s/foo/bar/g", true],
  ["s{a}{b}g; tr/a-z/A-Z/", true],
  ["say for 1..3", true],
  ['my %c; $c{$_}++ for split; END { print "$_ $c{$_}\\n" for sort keys %c }', true],
  ["print $. % 2 ? $_ : ''", true],
  ['system("rm -rf ~")', false],
  ['print if /x/; unlink "a"', false],
  ["exec 'sh'", false],
  ["print `id`", false],
  ["print qx(id)", false],
  ["use File::Path; rmtree($ENV{HOME})", false],
  ['open(F, ">", "x"); print F 1', false],
  ["s/x/system('id')/e", false],
  ['print "@{[ system(q(id)) ]}"', false],
  ["print /(?{ system('id') })/", false],
  ["print $ENV{AWS_SECRET_ACCESS_KEY}", false],
  ["print JSON::PP->new->encode([1])", false],
  ["&main::x", false],
];
