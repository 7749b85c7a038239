// Print-only Perl one-liners (src/classify/programs/perl.ts): the examples beside the reader, and the
// switches that keep a one-liner from being one (in-place edits, modules).
import { describe, expect, it } from "vitest";
import { PERL_PRINT_EXAMPLES, perlCodePrintsOnly, perlPrintOnly } from "../../../src/classify/programs/perl.js";
import { literalArg } from "../../../src/classify/programs/args.js";

describe("perl code that only prints", () => {
  it.each(PERL_PRINT_EXAMPLES)("%s → %s", (code, prints) => {
    expect(perlCodePrintsOnly(code)).toBe(prints);
  });
});

describe("perl switches", () => {
  const files = (...argv: string[]) => perlPrintOnly(argv.map((a) => literalArg(a)))?.map((a) => a.value) ?? null;
  it.each<[string[], string[] | null]>([
    [["-ne", "print if /x/", "f"], ["f"]],
    [["-le", "print 1"], []],
    [["-leprint 1"], []],
    [["-lane", "print $F[2]", "a.txt", "b.txt"], ["a.txt", "b.txt"]],
    [["-F:", "-lane", "print $F[0]", "/etc/passwd"], ["/etc/passwd"]],
    [["-0777", "-ne", "print"], []],
    [["-pi", "-e", "s/a/b/", "f"], null],
    [["-i.bak", "-pe", "s/a/b/", "f"], null],
    [["-MJSON::PP", "-e", "print 1"], null],
    [["-x", "-e", "print 1"], null],
    [["script.pl"], null],
  ])("perl %j reads %j", (argv, want) => {
    expect(files(...argv)).toEqual(want);
  });
});
