// Every `gatehouse` command, described once: the parser reads argv by these
// (args.ts), `--help` prints them and docs/cli.md's command reference is
// generated from them (scripts/cli-docs.ts; test/cli/help.test.ts fails when
// the docs are stale). Adding a command = one entry here + its runner in main.ts.
import { HOOK_AGENTS } from "../adapters/types.js";
import { ALL_INSTALL_AGENTS } from "../install/agents.js";
import { LOG_LEVELS } from "../daemon/log.js";
import type { CommandSpec, OptionSpec } from "./command-spec.js";
import { EXIT, type ExitCode } from "../model/exit-codes.js";
import { LEDGER_OPTIONS } from "./ledger-flags.js";

const bundle: OptionSpec = { name: "bundle", value: "B", help: "the policy bundle file (default: the embedded bundles/default.json)" };
const twin: OptionSpec = { name: "twin", help: "run the plain-TypeScript twin of the WASM hot path" };
const json: OptionSpec = { name: "json", help: "print JSON instead of text" };
const cwd: OptionSpec = { name: "cwd", value: "D", help: "the event's env.cwd (default: the current directory)" };
const home: OptionSpec = { name: "home", value: "H", help: "the event's env.home (default: $HOME)" };
const command: OptionSpec = { name: "command", value: "CMD", help: 'the command as one shell string; "-" reads it from stdin' };
const project: OptionSpec = { name: "project", value: "DIR", help: "the project whose settings file is edited (default: the current directory)" };
const user: OptionSpec = { name: "user", help: "edit the user settings file under $HOME instead" };
const managed: OptionSpec = {
  name: "managed",
  help: "edit the agent's managed (system) settings file instead — claude, gemini, cursor; needs root; $GATEHOUSE_MANAGED_ROOT places it under another root (tests, packagers)",
};
const guardSpec: OptionSpec = { name: "config", value: "SPEC.json", help: "the guard's spec file: version, gate, sessionCwd, touchSet, recordFile (docs/guard.md)" };
const recordFile: OptionSpec = { name: "record-file", value: "F", help: "append the records here instead of the spec's recordFile" };

const agents = ALL_INSTALL_AGENTS.join("|");

/**
 * A command's exit codes, in code order: the meaning each has for it (null:
 * the general meaning). Every command can also exit 64 (usage) and 70
 * (internal), so those are always listed.
 */
function codes(meanings: Partial<Record<ExitCode, string | null>>): CommandSpec["exits"] {
  const all: Partial<Record<ExitCode, string | null>> = { [EXIT.USAGE]: null, [EXIT.INTERNAL]: null, ...meanings };
  return (Object.keys(all).map(Number) as ExitCode[]).sort((a, b) => a - b).map((code) => (all[code] === null ? { code } : { code, meaning: all[code]! }));
}

export const COMMAND_SPECS: readonly CommandSpec[] = [
  {
    name: "check",
    summary: "judge one shell command as a pre_tool_use Bash event",
    usage: ["[--bundle B] [--cwd D] [--home H] [--json] [--twin] -- CMD…", '[options] --command "CMD"', "[options] --command - < cmd.txt"],
    options: [bundle, cwd, home, command, { ...json, help: "print the envelope (decision, state, engine_version, bundle_digest)" }, twin],
    operands: { min: 0, max: 0, name: "" },
    rest: "the command's words; re-quoted, so `-- rm -rf \"a b\"` means what it says",
    exits: codes({ 0: "allow", 1: "the bundle cannot load", 2: "deny", 3: "ask or hold", 66: "the bundle file or stdin cannot be read" }),
    notes: [
      "A single word after -- that holds ;, | or && is judged as one word (a program of that name) and draws a",
      'warning: a command line belongs in --command "…".',
    ],
  },
  {
    name: "explain",
    summary: "the whole trace of one decision: commands as read, effects, candidate rules and the leaf that decided each, the join, stage timings",
    usage: ["[--bundle B] [--cwd D] [--home H] [--json] [--twin] -- CMD…", '[options] --command "CMD"', "[options] --event FILE.json", "[options] --agent claude --event hook-payload.json"],
    options: [
      bundle,
      cwd,
      home,
      command,
      { name: "event", value: "FILE", help: 'an event (or a frame {event, now_ms?, state?}) as JSON; "-" reads stdin' },
      { name: "agent", value: "AGENT", choices: HOOK_AGENTS, help: "--event holds that agent's hook JSON: mapped as gatehouse hook AGENT maps it, then explained" },
      { ...json, help: "print the trace object (its schema: src/model/trace.ts)" },
      twin,
    ],
    operands: { min: 0, max: 0, name: "" },
    rest: "the command's words, re-quoted as for check",
    exclusive: [["command", "event"]],
    exits: codes({
      0: "explained (whatever the verdict: use check for a verdict exit code)",
      1: "the bundle cannot load, or the event is not JSON, not an object, an agent's hook JSON given without --agent, or (--agent) not that agent's hook JSON or an event the hook does not evaluate",
      66: "the bundle, the event file or stdin cannot be read",
    }),
  },
  {
    name: "eval",
    summary: "evaluate events or frames {event, now_ms?, state?} line by line, state carried per session_id",
    usage: ["FILE.jsonl [--bundle B] [--twin] [--ledger L [--ledger-events] [--ledger-redact]]", "- [--bundle B] [--twin]   (stdin)"],
    options: [bundle, twin, ...LEDGER_OPTIONS],
    operands: { min: 1, max: 1, name: "FILE.jsonl (- for stdin)" },
    notes: [
      "FILE.jsonl is the input, read and never written; the ledger L is the one file written. --ledger-events takes no value:",
      "a missing FILE.jsonl with --ledger-events given says it is the input (e.g. gatehouse eval docs/examples/calls.jsonl --ledger decisions.jsonl --ledger-events).",
      "A line that is an agent's hook JSON (hook_event_name, no event_type) is an error line naming gatehouse hook <agent>, with",
      "one warning on stderr: it is never evaluated as an event of unknown type, which would be a silent allow.",
      "A known event_type in another spelling (PreToolUse, pre-tool-use, PRE_TOOL_USE) is read as that type with a warning on stderr;",
      "any other event_type is an error line, never evaluated (docs/spec.md §11).",
      "With --ledger, each decision is appended and fsynced before its envelope is printed; one the ledger cannot record (a full",
      'disk, say) is an error line ("not recorded: …"), and its session\'s state does not advance.',
    ],
    exits: codes({
      0: "every line evaluated (and, with --ledger, recorded)",
      1: 'a line failed (its output line is {"error": {line, message}}: unreadable, or not recorded in the ledger) or the bundle cannot load',
      66: "the events file or the bundle file cannot be read",
    }),
  },
  {
    name: "hook",
    summary: "answer an agent's hook JSON (stdin) in that agent's own protocol",
    usage: [`${HOOK_AGENTS.join("|")} [--daemon URL|auto [--daemon-timeout MS]] [--bundle B] [--state-dir D] [--ledger L [--ledger-events] [--ledger-redact]] [--on-error open|closed] [--grant-allow] [--twin]  < hook.json`],
    options: [
      { ...bundle, help: "the policy bundle (default: the embedded bundles/default.json); loaded only for an event the adapter gates" },
      { name: "state-dir", value: "D", help: "Tier 2 session state between calls (default: $XDG_STATE_HOME/gatehouse, else ~/.local/state/gatehouse)" },
      { name: "on-error", value: "MODE", choices: ["open", "closed"], help: "when the call cannot be evaluated: open lets it through with a non-blocking exit (default), closed denies it" },
      {
        name: "grant-allow",
        help: "answer an allow explicitly where the agent has such an answer (default: an allow is silence, so the person's own permission prompts still apply; Codex: no effect)",
      },
      ...LEDGER_OPTIONS,
      twin,
      {
        name: "daemon",
        value: "URL",
        help: "hand the call to a running gatehouse serve at this loopback URL (its bundle, state, ledger and posture decide), or `auto`: to this user's daemon on its Unix socket under the state directory, started (detached) when none answers; refused, timed out or any other failure: evaluated in this process with the options here",
      },
      { name: "daemon-timeout", value: "MS", help: "how long to wait for the daemon before evaluating here (default 2000)" },
    ],
    operands: { min: 1, max: 1, name: `AGENT (${HOOK_AGENTS.join(", ")})` },
    exits: codes({
      0: "answered: the answer, if any, is on stdout in the agent's protocol (an allow is silence)",
      1: "--on-error open: the bundle reads but does not load, or an allow that the state store or the decision record failed under (a deny or ask is still answered); one line on stderr, the call proceeds",
      2: "claude, codex, gemini: blocked because the call could not be evaluated under --on-error closed (reason on stderr); acp: deny",
      3: "acp: ask (nothing on stdout; the host asks its person)",
      66: "--on-error open: stdin unreadable, empty, not JSON, over 64 MiB, or not this agent's hook JSON, or the --bundle file cannot be read; the call proceeds",
      70: "--on-error open: an internal error, one line; the call proceeds",
    }),
  },
  {
    name: "guard",
    summary: "the touch-set guard: a Claude Code PreToolUse hook judging Write/Edit/MultiEdit/NotebookEdit against the spec's touch set",
    usage: ["--config SPEC.json [--record-file F]  < hook.json"],
    options: [guardSpec, { ...recordFile, help: `${recordFile.help} (also when the spec cannot be read)` }],
    operands: { min: 0, max: 0, name: "" },
    exits: codes({
      0: "inside the touch set, or not a write tool",
      1: "fail open: the spec or the hook payload cannot be read, or the guard failed (one line on stderr, an error record; the call proceeds)",
      2: "block: outside the touch set or the checkout, no path, or a broken pattern (the reason on stderr, a blocked record)",
    }),
    notes: ["A block stays a block when its record cannot be written (a second stderr line says so)."],
  },
  {
    name: "guard records",
    summary: "fold the guard's records: malformed lines skipped and counted, at most 64 kept, every string scrubbed and truncated",
    usage: ["FILE [--run-id ID] [--json]"],
    options: [
      { name: "run-id", value: "ID", help: "stamp every record with this run id (1–200 characters; a run id in the file is ignored)" },
      { ...json, help: "print {file, exists, runId, cap, lines, kept, dropped: {malformed, pastCap, total}, records}" },
    ],
    operands: { min: 1, max: 1, name: "record FILE" },
    exits: codes({ 0: "folded (a missing file folds to 0 records)", 66: "the file exists but cannot be read, or is not a regular file" }),
  },
  {
    name: "guard sweep",
    summary: "every path git shows changed (and since the merge base with REF) that the touch set does not cover",
    usage: ["--config SPEC.json [--base REF] [--json] [--record-file F]"],
    options: [
      guardSpec,
      { name: "base", value: "REF", help: "also judge what changed since the merge base of REF and HEAD (committed or not)" },
      { ...json, help: "print {repository, base, changed, findings: [{path, change, reason}]}" },
      recordFile,
    ],
    operands: { min: 0, max: 0, name: "" },
    exits: codes({ 0: "every changed path is in the touch set", 1: "git failed (not a repository, unknown --base) or the spec is invalid", 2: "changed paths outside the touch set (a finding record each)", 66: "the spec cannot be read" }),
  },
  {
    name: "install",
    summary: "add Gatehouse's hook to an agent's settings file (idempotent; the file's own formatting kept)",
    usage: [
      `${agents} [--project DIR | --user | --managed] [--daemon URL | --in-process] [--bundle B] [--state-dir D] [--ledger L [--ledger-events] [--ledger-redact]] [--on-error open|closed]`,
      "claude [--project DIR | --user | --managed] --http URL",
      "claude [--project DIR] [options] --touch-set GLOB [--touch-set GLOB …] [--record-file F]",
    ],
    options: [
      project,
      user,
      managed,
      { ...bundle, help: "the bundle the hook uses (checked to load; default: the embedded bundle)" },
      { name: "state-dir", value: "D", help: "the hook's session state directory (default: the hook's own default)" },
      { name: "on-error", value: "MODE", choices: ["open", "closed"], help: "what the hook answers when it cannot decide (default: open)" },
      ...LEDGER_OPTIONS.map((o) => ({ ...o, help: `the hook's: ${o.help}` })),
      { name: "http", value: "URL", help: "Claude only: an http handler POSTing to the daemon at this loopback URL (route /v1/hook/claude) instead of a command" },
      {
        name: "daemon",
        value: "URL",
        help: "the hook command hands each call to the daemon at this loopback URL and evaluates in-process only when it does not answer (hook --daemon); default `auto`: this user's daemon on its Unix socket, which the hook starts itself",
      },
      { name: "in-process", help: "the hook command evaluates every call in its own process (no daemon: the default hook forwards with --daemon auto)" },
      {
        name: "touch-set",
        value: "GLOB",
        repeat: true,
        help: "Claude only, project scope: also install the touch-set guard on the write tools (docs/guard.md); one gitignore-style pattern each, the spec file in the state dir; only empty patterns: no guard",
      },
      { ...recordFile, help: "with --touch-set: where the guard appends its records (default: beside its spec)" },
    ],
    operands: { min: 1, max: 1, name: `AGENT (${ALL_INSTALL_AGENTS.join(", ")})` },
    exclusive: [["project", "user"], ["project", "managed"], ["user", "managed"], ["http", "bundle"], ["http", "state-dir"], ["http", "on-error"], ["http", "daemon"], ["http", "ledger"], ["http", "in-process"], ["daemon", "in-process"], ["touch-set", "user"], ["touch-set", "managed"]],
    exits: codes({ 0: "installed, or already installed (the file unchanged)", 1: "the settings file is refused and left untouched (not JSON, unexpected shape), cannot be written, or the bundle does not load", 66: "the bundle file cannot be read, the --project directory does not exist, or the settings file exists but cannot be read" }),
    notes: [
      "The command written runs this installation by absolute path: '<node>' '<package>/bin/gatehouse.js' hook <agent> …, wrapped in",
      "/bin/sh -c '…' gatehouse-hook …, which blocks the call in the agent's protocol when Gatehouse cannot run (docs/adapters.md).",
      "Gatehouse's entries are recognised by that command (any handler running gatehouse hook or gatehouse guard) or by an",
      "http handler POSTing to /v1/hook/<agent>; install replaces them, and never touches another hook.",
      "--touch-set adds a second PreToolUse entry on Write|Edit|MultiEdit|NotebookEdit running '<node>' '<package>/bin/gatehouse.js'",
      "guard --config <state dir>/guard/<project hash>/spec.json --record-file …; installing without --touch-set removes it.",
      "Each install is recorded in <state dir>/installs.json (the settings file, what the hook runs, its bundle, state, ledger and daemon):",
      "the hook hands that footprint to the classifier, and deleting, moving or rewriting any of it through a tool asks (docs/spec.md §6.8).",
    ],
  },
  {
    name: "uninstall",
    summary: "remove Gatehouse's hooks (and the touch-set guard's spec file) from an agent's settings file, restoring it byte for byte",
    usage: [`${agents} [--project DIR | --user | --managed]`],
    options: [project, user, managed],
    operands: { min: 1, max: 1, name: `AGENT (${ALL_INSTALL_AGENTS.join(", ")})` },
    exclusive: [["project", "user"], ["project", "managed"], ["user", "managed"]],
    exits: codes({ 0: "removed, or nothing to remove", 1: "the settings file is refused and left untouched, or cannot be written", 66: "the --project directory does not exist, or the settings file exists but cannot be read" }),
    notes: [
      "A settings file install created is left holding what it started as ({} — Cursor: {\"version\": 1}), never deleted;",
      "--managed also removes the keys install added (gatehouse.installed.json beside the file says which) and deletes a file it created.",
    ],
  },
  {
    name: "doctor",
    summary: "what is installed where, the bundle and state in use, a daemon if one answers, and a self-test through each installed hook",
    usage: ["[--project DIR] [--json]"],
    options: [{ ...project, help: "the project whose settings files are inspected (default: the current directory)" }, { ...json, help: "print the findings as JSON" }],
    operands: { min: 0, max: 0, name: "" },
    exits: codes({ 0: "healthy (nothing broken; nothing installed is not broken)", 1: "something is broken or a hook its agent will not run (each finding says what)", 66: "the --project directory does not exist" }),
  },
  {
    name: "service install",
    summary: "supervise the daemon: a systemd user unit (Linux) or a launchd agent (macOS) running gatehouse serve, restarted whenever it stops",
    usage: ["[--port P] [--bundle B] [--state-dir D] [--ledger L] [--on-error open|closed]"],
    options: [
      { name: "port", value: "P", help: "the port serve listens on (default 4283): the URL install claude --http names" },
      { ...bundle, help: "the daemon's bundle (checked to load; default: the embedded bundle)" },
      { name: "state-dir", value: "D", help: "the daemon's state directory (default: the hook processes' own, so their counters stay one)" },
      { name: "ledger", value: "L", help: "the daemon's ledger (docs/ledger.md)" },
      { name: "on-error", value: "MODE", choices: ["open", "closed"], help: "the hook routes' posture when a call cannot be evaluated (default: open)" },
    ],
    operands: { min: 0, max: 0, name: "" },
    exits: codes({ 0: "written (and started, where a user service manager answers)", 1: "the unit cannot be written, the service manager refused it, or the bundle does not load", 66: "the bundle file cannot be read" }),
    notes: [
      "Unit file: $XDG_CONFIG_HOME/systemd/user/gatehouse.service (else ~/.config/…) with Restart=always; macOS: ~/Library/LaunchAgents/dev.gatehouse.serve.plist",
      "with KeepAlive. Claude Code's http handler lets every call through while the daemon does not answer, so it must come back after a crash",
      "or a plain SIGTERM. Where systemctl --user (or launchctl) does not answer, the file is written and the command to start it is printed.",
    ],
  },
  {
    name: "service uninstall",
    summary: "stop the supervised daemon and remove its unit file",
    usage: [""],
    options: [],
    operands: { min: 0, max: 0, name: "" },
    exits: codes({ 0: "removed, or nothing to remove" }),
  },
  {
    name: "service status",
    summary: "whether the unit is installed and active, and whether its daemon answers /healthz",
    usage: ["[--json]"],
    options: [{ ...json, help: "print {file, installed, port, manager, active, answers}" }],
    operands: { min: 0, max: 0, name: "" },
    exits: codes({ 0: "installed and answering", 1: "not installed, or its daemon does not answer" }),
  },
  {
    name: "serve",
    summary: "the loopback HTTP daemon: POST /v1/evaluate, POST /v1/hook/<agent>, POST /v1/hook-answer/<agent>, GET /healthz (docs/daemon.md)",
    usage: ["[--port P] [--host 127.0.0.1|::1 | --socket PATH] [--idle-exit S] [--bundle B] [--state-dir D | --state redis://host:port/db] [--ledger L [--ledger-events] [--ledger-redact]] [--on-error open|closed] [--log-level L]"],
    options: [
      { name: "port", value: "P", help: "the TCP port (default 4283; 0 picks a free one, printed in the ready line)" },
      { name: "host", value: "ADDR", help: "the loopback address to bind: 127.0.0.1 (default), another 127.x.y.z, or ::1; anything else is refused" },
      { name: "socket", value: "PATH", help: "listen on this Unix socket instead of a TCP port; its directory is made 0700 (refused unless it is this user's and 0700), a stale socket file is removed" },
      { name: "idle-exit", value: "SECONDS", help: "stop (as on SIGTERM) after this long without a request" },
      { ...bundle, help: "the policy bundle file (default: the embedded bundles/default.json); SIGHUP reloads it" },
      { name: "state-dir", value: "D", help: "session state in this state directory, shared with hook processes (default: a bounded in-memory LRU)" },
      { name: "state", value: "URL", help: "session state in Redis (redis://[user:password@]host:port/db or rediss://…), shared by every daemon naming it" },
      { name: "max-sessions", value: "N", help: "sessions the in-memory store keeps; the least recently used comes back blank (default 10000)" },
      ...LEDGER_OPTIONS,
      { name: "on-error", value: "MODE", choices: ["open", "closed"], help: "the hook routes, when a call cannot be evaluated: open lets it through (default), closed blocks it" },
      { name: "grant-allow", help: "the hook routes answer an allow explicitly, as gatehouse hook --grant-allow does" },
      { name: "max-body", value: "BYTES", help: "the largest request body accepted (default 8388608); more is 413 (on /v1/hook/<agent>: that agent's unreadable-input answer, a block under --on-error closed)" },
      { name: "classify-cache", value: "N", help: "classifications kept for tool calls seen before (least recently used dropped; default 4096; 0 turns the cache off)" },
      { name: "log-level", value: "LEVEL", choices: LOG_LEVELS, help: "JSON log lines on stderr; debug adds one per request (default info)" },
      twin,
    ],
    operands: { min: 0, max: 0, name: "" },
    exclusive: [["state", "state-dir"], ["socket", "port"], ["socket", "host"]],
    exits: codes({
      0: "stopped by SIGTERM or SIGINT (or --idle-exit) after draining the requests in flight",
      1: "cannot start: the bundle does not load, the address is taken (a daemon answers on --socket), the socket directory is not this user's 0700 one, or Redis cannot be reached",
      66: "the bundle file cannot be read",
    }),
    notes: [
      "When ready it prints one line on stdout: gatehouse serve: listening on http://127.0.0.1:P (bundle …, state …) — with --socket, on unix:PATH.",
      "Every answer carries gatehouse-engine, gatehouse-build, gatehouse-bundle-digest and gatehouse-daemon-key headers: what it evaluates with.",
      "Requests carrying an Origin header, a browser's Sec-Fetch-Site or a Host other than the daemon's own are refused (403).",
    ],
  },
  {
    name: "corpus",
    summary: "run conformance cases (SPEC §10)",
    usage: ["[--verbose] [--twin] FILE…"],
    options: [{ name: "verbose", help: "print every passing case too" }, twin],
    operands: { min: 1, max: null, name: "FILE.jsonl" },
    exits: codes({ 0: "every case passed", 1: "a case failed (each printed with its differences)", 66: "a corpus file cannot be read" }),
  },
  {
    name: "ledger verify",
    summary: "check a ledger's hash chain in one streaming pass, naming the first broken row by line and seq",
    usage: ["[--json] [--allow-torn] L"],
    options: [
      { ...json, help: "print {ok, rows, lines, head, breaks, breakCount, torn, tornCount, notes}" },
      { name: "allow-torn", help: "exit 0 when the only findings are torn lines (appends a crash cut short; outside the chain)" },
    ],
    operands: { min: 1, max: 1, name: "ledger file L" },
    exits: codes({ 0: "the chain is intact (and no torn line, unless --allow-torn)", 1: "a broken row (hash, prev link, seq gap, unparsable line, …) or a torn line", 66: "the ledger cannot be read" }),
    notes: ["Rows cut from the end leave an intact, shorter chain: keep the head it prints (seq and hash) elsewhere to detect that."],
  },
  {
    name: "ledger show",
    summary: "list recorded decisions: seq, time, session, tool, verdict, rule, reason",
    usage: ["L [--session S] [--verdict V[,V…]] [--since T] [--json]"],
    options: [
      { name: "session", value: "S", help: "only rows of this session id" },
      { name: "verdict", value: "V", help: "only rows with this verdict (allow, ask, hold, deny; comma-separated for several)" },
      { name: "since", value: "T", help: "only rows at or after T: epoch ms, an ISO date/time (2026-01-31, 2026-01-31T09:00Z) or a duration back from now (30m, 12h, 7d)" },
      { ...json, help: "print each matching row exactly as recorded (JSONL)" },
    ],
    operands: { min: 1, max: 1, name: "ledger file L" },
    exits: codes({ 0: null, 66: "the ledger cannot be read" }),
  },
  {
    name: "replay",
    summary: "re-evaluate every ledger row recorded with its event and report each decision that differs, field by field",
    usage: ["[--bundle B]… [--json] [--twin] L", "--against B [--json] [--twin] L"],
    options: [
      { ...bundle, repeat: true, help: "a candidate bundle: each row replays on the one whose digest it was recorded with (default: the embedded bundle); rows of another digest are reported, not compared" },
      { name: "against", value: "B", help: "replay every row on bundle B, whatever it was recorded with: each decision B would change" },
      { ...json, help: "print one JSON object per row that did not reproduce, then a summary" },
      twin,
    ],
    operands: { min: 1, max: 1, name: "ledger file L" },
    exclusive: [["bundle", "against"]],
    exits: codes({
      0: "every compared row reproduced byte for byte",
      1: "a decision differs or fails to replay, the ledger has rows (or only lines that are not rows) but none could be compared, or a bundle cannot load",
      66: "the ledger or a bundle file cannot be read",
    }),
  },
  {
    name: "bundle lint",
    summary: "load a bundle (extends and overrides applied) and list its skipped items and warnings, each with where and what",
    usage: ["[--json] [--strict] B", "[--json] [--strict] gatehouse:default"],
    options: [
      { ...json, help: 'print {"skipped": [{kind, id, reason, detail}], "warnings": [{code, detail}]}' },
      { name: "strict", help: "exit 1 on any skipped item or warning (for CI)" },
    ],
    operands: { min: 1, max: 1, name: "bundle file B (or gatehouse:default)" },
    exits: codes({
      0: "the bundle loads (even with skipped items, unless --strict)",
      1: "the bundle itself cannot load (it, or a bundle it extends), or --strict and a skip or warning",
      66: "the bundle file cannot be read",
    }),
    notes: ["Each line's detail names the JSON path of the problem and what was expected, e.g.", '  artifacts[3].body.verdict: expected allow|ask|hold|deny, got "block"'],
  },
  {
    name: "bundle resolve",
    summary: "print the bundle with every extends loaded and every override applied: what the engine loads and the digest is over",
    usage: ["[--canonical] B"],
    options: [{ name: "canonical", help: "print the exact bytes bundle_digest hashes (keys sorted, no whitespace, no trailing newline: pipe it to sha256sum) instead of indented JSON" }],
    operands: { min: 1, max: 1, name: "bundle file B (or gatehouse:default)" },
    exits: codes({ 0: "printed (skips, warnings and the digest on stderr)", 1: "the bundle cannot load (it, or a bundle it extends; an extends cycle)", 66: "the bundle file cannot be read" }),
  },
  {
    name: "bundle schema",
    summary: "print the JSON Schema (draft 2020-12) of the bundle format, generated from the loader's zod schemas",
    usage: [""],
    options: [],
    operands: { min: 0, max: 0, name: "" },
    exits: codes({ 0: null }),
    notes: ['Editors autocomplete a bundle that names it: "$schema": "./bundle.schema.json".'],
  },
  {
    name: "playground",
    summary: "serve the browser page (dist/web) on 127.0.0.1 until Ctrl-C",
    usage: ["[--port P]"],
    options: [{ name: "port", value: "P", help: "the port (default 7431; 0 picks a free one)" }],
    operands: { min: 0, max: 0, name: "" },
    exits: codes({ 0: "stopped by SIGINT or SIGTERM", 1: "cannot listen on the port", 66: "dist/web is not built (npm run build)" }),
    notes: [
      "Static files only (GET and HEAD, files under dist/web); any other static file server serves the page as well.",
      "The daemon's DNS-rebinding rule holds: a Host other than 127.0.0.1:P or localhost:P is 403, none or an empty one 400 (a plain-text line, as the 404 is).",
    ],
  },
  {
    name: "demo",
    summary: "evaluate sample tool calls and print each decision",
    usage: ["[--bundle B] [--twin]"],
    options: [bundle, twin],
    operands: { min: 0, max: 0, name: "" },
    exits: codes({ 0: null, 1: "the bundle cannot load", 66: "the bundle file cannot be read" }),
  },
];

export function commandSpec(name: string): CommandSpec {
  const spec = COMMAND_SPECS.find((s) => s.name === name);
  if (spec === undefined) throw new Error(`no command spec named ${name}`);
  return spec;
}
