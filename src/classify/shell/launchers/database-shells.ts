// The Mongo shell (`mongosh`, `mongo`): its `--eval` code, or a script on a
// literal stdin, is JavaScript — read with its grammar like `node -e`
// (inline-code.ts), where `db.…` calls are database effects (dropDatabase,
// drop, deleteMany({}), …; src/classify/inline-code/mongo.ts). Code that
// cannot be read (no reader, a dynamic script) is shape 6.
import { GAP_SHAPE } from "../../../model/gap-shapes.js";
import { inlineCodeOf } from "../../inline-code/index.js";
import { runInlineCode } from "./inline-code.js";
import type { Launch, LauncherRow } from "./types.js";

function mongoShell(call: Launch): number | null {
  const argv = call.words.slice(call.i + 1).map((w) => call.literal(w));
  const evalAt = argv.findIndex((a) => a === "--eval" || (a ?? "").startsWith("--eval="));
  const stdin = call.stdin !== null && call.stdin.kind !== "file" ? call.stdinText() : null;
  if (evalAt < 0 && stdin === null) {
    if (call.stdin !== null && call.stdin.kind !== "file") call.gap(GAP_SHAPE.INTERPRETER_STDIN, `${call.name} reads its script from a ${call.stdin.kind} that is not a literal`);
    return call.emit();
  }
  const codeWord = argv[evalAt]?.startsWith("--eval=") ? argv[evalAt] : argv[evalAt + 1];
  if (evalAt >= 0 && (codeWord === undefined || codeWord === null)) {
    call.gap(GAP_SHAPE.INLINE_INTERPRETER, `${call.name} --eval code that is not a literal`);
    return call.emit();
  }
  const ic = evalAt >= 0 ? inlineCodeOf({ program: call.name, argv: argv.map((a) => a ?? "") }) : { code: stdin! };
  const read = ic === null ? undefined : runInlineCode(call, "javascript", ic.code);
  if (read !== undefined) return read;
  call.gap(GAP_SHAPE.INLINE_INTERPRETER, `inline ${call.name} code (JavaScript) not read`);
  return call.emit();
}

export const DATABASE_SHELL_ROWS: readonly LauncherRow[] = [
  {
    names: ["mongosh", "mongo"],
    runs: "its `--eval` code or a literal stdin script: JavaScript, read with its grammar (`db.…` calls are database effects); shape 6 when it cannot be read",
    launch: mongoShell,
    examples: [
      ["mongosh --eval 'db.stats()'", ["mongosh --eval db.stats()"], [6]],
      ["mongosh mongodb://localhost/app", ["mongosh mongodb://localhost/app"]],
      ["cat script.js | mongosh", ["cat script.js", "mongosh"], [7]],
    ],
  },
];
