// Kilo Code CLI (`@kilocode/cli`, an OpenCode fork; read in 7.7.7's binary and run headless): OpenCode's
// plugin API unchanged — `.kilo/` / `.kilocode/` `{plugin,plugins}/*.{ts,js}` and `$XDG_CONFIG_HOME/kilo/`,
// `tool.execute.before(input {tool, sessionID, callID}, output {args})`, a throw blocks — and OpenCode's
// tools (bash, read, write, edit, glob, grep, webfetch, task, …, mapped as OpenCode's), plus Kilo's own:
//
// | Kilo | engine |
// |---|---|
// | background_process {action: "start", command, workdir?} | Bash {command, run_in_background: true} (cwd = workdir) |
// | background_process {action: list / status / logs / stop / restart, id} | its own name (restart reruns a command judged at its start) |
// | board_post, board_read, schedule_wakeup, cancel_wakeup, kilo_local_recall, skill | their own names |
//
// A Kilo plugin cannot ask either, so an ask or hold blocks with a reason that says a person must approve.
import { isObject, text } from "./payload.js";
import { openCodeFamilyAdapter, type OpenCodeFamily } from "./opencode.js";

export const KILO: OpenCodeFamily = {
  agent: "kilo",
  title: "Kilo Code plugin",
  ownTool(tool, args) {
    if (tool !== "background_process" || !isObject(args) || text(args, "action") !== "start") return null;
    const command = text(args, "command");
    if (command === undefined) return null;
    return { tool_name: "Bash", tool_input: { command, run_in_background: true } };
  },
};

export const kiloAdapter = openCodeFamilyAdapter(KILO);
