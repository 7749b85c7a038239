// Cases that first disagreed with SPEC (or seed 003) and were settled by
// fixing the engine: touch_set last-match-wins, home references in argv form,
// shell tools with no inspectable command, raw device writes, substituted URLs.
// The one deliberate narrowing (shape 5 for read-only programs) is pinned here too.
import type { CaseSpec } from "../spec.js";
import { bash, bundle, event, leaf, t1 } from "./helpers.js";

const DEFAULT = "bundles/default.json";
const envAt = (cwd: string) => ({ cwd, home: "/home/dev", path_dirs: [], additional_dirs: [] });
const acp = (tool_input: unknown, cwd = "/repo") => ({ event_type: "pre_tool_use", session_id: "seed003", tool_use_id: "u1", tool_name: "terminal/create", tool_input, env: envAt(cwd) });

export const specs: CaseSpec[] = [
  {
    // SPEC §5: touch_set is a "gitignore-style list: `!` negates, last match wins"; seed 004's own
    // guard test: with ["src/**", "!src/generated/**"], src/generated/x.rs "is out of contract even
    // under src/**". Engine: applies git's parent-directory rule (src/** already matched the directory
    // src/generated, so the later `!` cannot re-include) — the file stays IN the set and r fires.
    name: "touch_set: a later ! pattern takes src/generated/x.ts out of src/**",
    bundle: bundle([t1("r", leaf("path.rel", "touch_set", ["src/**", "!src/generated/**"]))]),
    event: event("Write", { file_path: "src/generated/x.ts", content: "x" }),
    expect: { verdict: "allow", artifact_id: null, undecided: true },
  },
  {
    // Seed 003 rm_rf_home_directory_is_blocked, ACP structured form (evaluate_command("rm", ["-rf", "~"])).
    // SPEC §6.4: home_dir is `env.home`, `~`, `$HOME`. Engine: in argv form (no shell) `~` is taken
    // literally → delete × workspace_file → allow.
    name: "seed003 rm_rf_home_directory_is_blocked (terminal/create: [\"rm\",\"-rf\",\"~\"])",
    bundle: DEFAULT,
    event: acp({ command: "rm", args: ["-rf", "~"] }, "/repo/gate4agent"),
    expect: { verdict: "deny", artifact_id: "fs.wipe" },
  },
  {
    // Same rule, `$HOME` operand in argv form. Engine: literal → workspace_file → allow.
    name: "terminal/create rm -rf $HOME (argv form) is the home directory",
    bundle: DEFAULT,
    event: acp({ command: "rm", args: ["-rf", "$HOME"] }),
    expect: { verdict: "deny", artifact_id: "fs.wipe" },
  },
  {
    // Seed 003 permission_request_missing_raw_input_is_uncertain_not_blocked: an execute request with
    // no inspectable command is Uncertain (the brief maps Uncertain → an unknown shape, ask). SPEC is
    // silent (none of the twelve shapes names "no command at all"). Engine: allow, no gap, no effects.
    name: "seed003 permission_request_missing_raw_input_is_uncertain_not_blocked (terminal/create, tool_input null)",
    bundle: DEFAULT,
    event: acp(null),
    expect: { verdict: "ask", undecided: false },
  },
  {
    // Same, a `command` that is not a string ({command: 5}).
    name: "terminal/create with a non-string command is uncertain (ask)",
    bundle: DEFAULT,
    event: acp({ command: 5 }),
    expect: { verdict: "ask", undecided: false },
  },
  {
    // Default bundle rule disk.device_write (deny) needs effect attrs.device; the classifier emits
    // write × system_path with no `device` attr, so fs.system_write (ask) decides instead.
    name: "dd to a block device is disk.device_write: dd if=/dev/zero of=/dev/sda",
    bundle: DEFAULT,
    event: bash("dd if=/dev/zero of=/dev/sda"),
    expect: { verdict: "deny", artifact_id: "disk.device_write" },
  },
  {
    name: "mkfs on a partition is disk.device_write: mkfs.ext4 /dev/sdb1",
    bundle: DEFAULT,
    event: bash("mkfs.ext4 /dev/sdb1"),
    expect: { verdict: "deny", artifact_id: "disk.device_write" },
  },
  {
    // SPEC §6.3 shape 5: "command substitution inside an argument (`rm -rf $(cat list)`, backticks,
    // `<(…)`)". Engine: reports shape 5 only for operands of deleting/writing programs and refspecs;
    // curl's substituted URL (the target of its fetch effect: url.* cannot see it) reports nothing.
    name: "shape 5: curl with a substituted URL: curl $(cat url.txt)",
    bundle: DEFAULT,
    event: bash("curl $(cat url.txt)"),
    expect: { verdict: "ask", atom_id: "unknown.shape.5", unknown: [5] },
  },
  {
    // Deliberate narrowing of shape 5 (docs/classifier.md): a substitution feeding a read-only
    // program (diff, echo, git commit -m) is data, not a gap; the inner commands are judged.
    name: "no shape 5 for process substitution into a read-only program: diff <(ls a) <(ls b)",
    bundle: DEFAULT,
    event: bash("diff <(ls a) <(ls b)"),
    expect: { verdict: "allow", undecided: true, unknown: [] },
  },
];

export default specs;
