// Files the text itself writes before it runs them: `echo '…' > /tmp/x.sh &&
// bash /tmp/x.sh`, `cat > run.sh <<'EOF' … EOF; ./run.sh`, `… | base64 -d >
// x.sh; sh x.sh`. The walker records what each output redirection (and `tee`)
// puts in a file — the literal a producer writes, or null when it cannot be
// known — and the analyzer reads that content when the same path is executed
// (by a shell, `source`, as the program word, or as `BASH_ENV`). One map for
// the whole analysis: files outlive the shell scope that wrote them.

import type { Node } from "web-tree-sitter";
import { literalOfCommand } from "./literal.js";
import type { RedirInfo } from "./redirects.js";
import { type Word } from "./words.js";
import { programName } from "../programs/name.js";

/** The key of a path as written: `./run.sh`, `run.sh` and `.//run.sh` are one file. (`cd` between write and run is not followed.) */
export function fileKey(path: string): string {
  return path.replace(/\/{2,}/g, "/").replace(/^(\.\/)+/, "");
}

/** Contents at most this long are kept (a longer literal is kept as unknown). */
const MAX_CONTENT = 64 * 1024;
/** Files remembered per analysis, at most (later writes are kept as unknown). */
const MAX_FILES = 64;

export class WrittenFiles {
  private readonly files = new Map<string, string | null>();

  /** `path` now holds `content` (null: not known); `append` adds to what it held. */
  wrote(path: string, content: string | null, append: boolean): void {
    const key = fileKey(path);
    if (key === "" || key.startsWith("/dev/")) return;
    if (!this.files.has(key) && this.files.size >= MAX_FILES) content = null;
    let next = content;
    if (append && next !== null) {
      const prev = this.files.get(key);
      // Appending to a file the text never wrote: what was there before is not known.
      next = prev === undefined || prev === null ? null : prev + next;
    }
    this.files.set(key, next !== null && next.length > MAX_CONTENT ? null : next);
  }

  /** What the text wrote to `path`: its content, null when not known, undefined when the text never wrote it. */
  content(path: string): string | null | undefined {
    return this.files.size === 0 ? undefined : this.files.get(fileKey(path));
  }
}

/** One simple command as the walker saw it: its node, redirections, words and input. */
export interface WritingCommand {
  node: Node;
  /** Redirections tree-sitter hung outside the command node (the rest are under it). */
  outerRedirs: readonly Node[];
  infos: readonly RedirInfo[];
  words: readonly Word[];
  src: string;
  /** The literal on the command's stdin from upstream (a pipe), when known. */
  upstream: (() => string | null) | null;
  /** The literal on its stdin after its own redirections, when known. */
  stdinLiteral: (() => string | null) | null;
}

const OUTPUT_OP = /^(1?>|>>|>\||&>|&>>|1>>)$/;

/** Downloaders' options naming the file they write (content from the network: not known here). */
const DOWNLOAD_OUTPUTS: Readonly<Record<string, readonly string[]>> = {
  wget: ["-O", "--output-document"],
  curl: ["-o", "--output"],
  aria2c: ["-o", "--out"],
  http: ["-o", "--output"],
  https: ["-o", "--output"],
  xh: ["-o", "--output"],
  fetch: ["-o"],
};

/**
 * `cat > run.sh <<EOF … $X … EOF`: the script as the heredoc shows it, its
 * expansions left in — they are judged as the variables they are where the
 * script runs (non-literal operands: shape 8 when they matter), so an agent's
 * script stays readable rather than becoming an unknown file.
 */
function heredocTemplate(program: string, c: WritingCommand): string | null {
  if (program !== "cat" || c.words.length > 1) return null;
  const h = c.infos.filter((i) => i.kind === "heredoc");
  return h.length === 1 && h[0].template !== undefined ? h[0].template : null;
}

/** Record what a command puts in the files it writes (`echo … > f`, `cat > f <<EOF`, `… | tee f`). */
export function recordWrites(files: WrittenFiles, c: WritingCommand): void {
  const program = c.words.length > 0 && !c.words[0].dynamic ? programName(c.words[0].value) : "";
  let content: string | null | undefined;
  for (const i of c.infos) {
    if (i.kind !== "file" || !i.word || i.word.dynamic || !OUTPUT_OP.test(i.op)) continue;
    content ??= literalOfCommand(c.node, c.outerRedirs, c.src, c.upstream, 0, true) ?? heredocTemplate(program, c);
    files.wrote(i.word.value, content, i.op.endsWith(">>"));
  }
  // `wget -O /tmp/a URL`, `curl -o i.sh URL`: a file whose content comes from the network.
  const outputs = Object.prototype.hasOwnProperty.call(DOWNLOAD_OUTPUTS, program) ? DOWNLOAD_OUTPUTS[program] : undefined;
  if (outputs) {
    for (let k = 1; k < c.words.length; k++) {
      const w = c.words[k];
      if (w.dynamic) continue;
      const eq = w.value.indexOf("=");
      const opt = eq > 0 && w.value.startsWith("--") ? w.value.slice(0, eq) : w.value;
      if (!outputs.includes(opt)) {
        // `-o` glued to its value (`-oi.sh`, `-Oout`) for the one-letter forms.
        const glued = outputs.find((o) => o.length === 2 && w.value.length > 2 && w.value.startsWith(o));
        if (glued) files.wrote(w.value.slice(2), null, false);
        continue;
      }
      const path = opt !== w.value ? w.value.slice(eq + 1) : c.words[k + 1] && !c.words[k + 1].dynamic ? c.words[++k].value : null;
      if (path !== null && path !== "-") files.wrote(path, null, false);
    }
  }
  if (program === "tee") {
    const append = c.words.some((w) => /^-[a-z]*a|^--append$/.test(w.value));
    const fed = c.stdinLiteral ? c.stdinLiteral() : null;
    for (const w of c.words.slice(1)) if (!w.dynamic && !w.value.startsWith("-")) files.wrote(w.value, fed, append);
  }
}

/** [writes as [path, content, append], the path read, what it holds] — run by test/classify/shell/written-files.test.ts. */
export const WRITTEN_FILE_EXAMPLES: ReadonlyArray<readonly [ReadonlyArray<readonly [string, string | null, boolean]>, string, string | null | undefined]> = [
  [[["./run.sh", "rm -rf ~\n", false]], "run.sh", "rm -rf ~\n"],
  [[["/tmp/x.sh", "a\n", false], ["/tmp/x.sh", "b\n", true]], "/tmp//x.sh", "a\nb\n"],
  [[["/tmp/x.sh", null, false]], "/tmp/x.sh", null],
  [[["x.sh", "b\n", true]], "x.sh", null],
  [[["/tmp/x.sh", "a\n", false]], "/tmp/y.sh", undefined],
];
