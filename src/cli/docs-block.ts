// The generated parts of docs/cli.md — the command reference (from
// src/cli/commands.ts) and the agent table (from src/install/agents.ts) —
// each between two marker comments, rewritten by scripts/cli-docs.ts and
// compared by test/cli/help.test.ts, so the docs cannot drift from the code.
import { AGENT_SETTINGS, INSTALL_AGENTS, timeoutValue } from "../install/agents.js";
import { renderCommandDocs } from "./command-spec.js";
import { COMMAND_SPECS } from "./commands.js";

const begin = (name: string) => `<!-- BEGIN generated ${name} (scripts/cli-docs.ts): do not edit by hand -->`;
const end = (name: string) => `<!-- END generated ${name} -->`;

function renderAgentTable(): string {
  const rows = INSTALL_AGENTS.map((agent) => {
    const s = AGENT_SETTINGS[agent];
    const timeout = s.timeout === null ? "none documented" : `${timeoutValue(s)} (${s.timeout.unit}): ${s.timeout.why}`;
    const events = s.events.map((e) => `\`${e.event}\`${e.matcher === null ? "" : ` \`${e.matcher.replace(/\|/g, "\\|")}\``}`).join(", ");
    return `| ${s.title} (\`${agent}\`) | \`${s.projectFile}\` / \`~/${s.userFile}\` | ${s.comments ? "JSON with comments" : "strict JSON"} | ${events} | ${timeout} | ${s.http ? "yes" : "no"} |`;
  });
  return ["| agent | project / user file | file format | events and tool matcher | timeout | `--http` |", "|---|---|---|---|---|---|", ...rows].join("\n") + "\n";
}

/** Every generated block: its name and its current text. */
export function generatedBlocks(): [string, string][] {
  return [
    ["commands", renderCommandDocs(COMMAND_SPECS)],
    ["agents", renderAgentTable()],
  ];
}

export function generatedBlock(markdown: string, name: string): string | null {
  const start = markdown.indexOf(begin(name));
  const stop = markdown.indexOf(end(name));
  return start < 0 || stop < start ? null : markdown.slice(start + begin(name).length, stop).replace(/^\n/, "");
}

/** The markdown with every generated block rewritten (a missing marker pair is an error: the docs must have it). */
export function regenerate(markdown: string): string {
  let out = markdown;
  for (const [name, block] of generatedBlocks()) {
    const start = out.indexOf(begin(name));
    const stop = out.indexOf(end(name));
    if (start < 0 || stop < start) throw new Error(`docs/cli.md has no "${begin(name)}" … "${end(name)}" section`);
    out = `${out.slice(0, start + begin(name).length)}\n${block}${out.slice(stop)}`;
  }
  return out;
}
