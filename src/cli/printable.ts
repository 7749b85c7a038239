// Text from a recorded event (a session id, a reason quoting a command) may
// hold anything an agent sent: terminal escapes, newlines, bidi overrides.
// Before it reaches a terminal, every control and direction-changing character
// is written as a \u escape, so one record prints as one honest line.
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
