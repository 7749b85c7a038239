// The twelve coverage-gap shapes (SPEC §6.3): one name and one title each.
// Every place that reports or explains a gap uses these, never a bare number.

export const GAP_SHAPE = {
  OVERSIZE: 1,
  PARSE_ERROR: 2,
  DYNAMIC_SCRIPT: 3,
  DYNAMIC_PROGRAM: 4,
  SUBSTITUTION_OPERAND: 5,
  INLINE_INTERPRETER: 6,
  INTERPRETER_STDIN: 7,
  NON_LITERAL_OPERAND: 8,
  DEPTH: 9,
  REDIRECT_TARGET: 10,
  DEFINE_AND_INVOKE: 11,
  QUOTE_OBFUSCATION: 12,
} as const;

export type GapShape = (typeof GAP_SHAPE)[keyof typeof GAP_SHAPE];

/** The title a reason quotes (`unknown shape 5, command substitution in an argument`). */
export const GAP_SHAPE_TITLES: Readonly<Record<GapShape, string>> = {
  1: "oversize input",
  2: "shell parse error",
  3: "dynamic script",
  4: "dynamic program",
  5: "command substitution in an argument",
  6: "inline code for a non-shell interpreter",
  7: "interpreter reading a non-literal program",
  8: "non-literal operand of a deleting or writing program",
  9: "wrapper depth over the limit",
  10: "unresolvable redirection target",
  11: "function or alias defined and invoked",
  12: "quote-escape obfuscation",
};

export function gapShapeTitle(shape: number): string {
  return (GAP_SHAPE_TITLES as Record<number, string>)[shape] ?? "coverage gap";
}
