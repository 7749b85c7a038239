// Codex's own view of its hooks, for the e2e checks: `codex app-server`'s
// `hooks/list` (key, currentHash, trustStatus of every hook it discovered for a
// directory), and the trust lines `gatehouse install codex` prints, appended to
// config.toml as a person following them would.
import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { agentBin } from "./agents.js";
import { baseEnv, runAsUser, type AgentRun, type RunAs, type Sandbox } from "./sandbox.js";

export interface CodexHookEntry {
  key: string;
  command: string | null;
  currentHash: string;
  trustStatus: string;
  enabled: boolean;
}

/** `hooks/list` for the project, from `codex app-server` run as the agent user with the sandbox's CODEX_HOME. */
export async function codexHooksList(box: Sandbox, as: RunAs | null): Promise<CodexHookEntry[]> {
  const lines = [
    { jsonrpc: "2.0", id: 1, method: "initialize", params: { clientInfo: { name: "gatehouse-e2e", version: "1" }, capabilities: { experimentalApi: true } } },
    { jsonrpc: "2.0", method: "initialized" },
    { jsonrpc: "2.0", id: 2, method: "hooks/list", params: { cwds: [box.project] } },
  ];
  // The server exits when stdin closes: stdin stays open until the answer is in its output (at most ~30 s, a hang guard).
  const out = join(box.tmp, `codex-hooks-list-${Date.now()}.jsonl`);
  const wait = `i=0; while [ $i -lt 300 ] && ! grep -q '"id":2' "$1"; do sleep 0.1; i=$((i+1)); done`;
  const script = `printf '%s\\n' ${lines.map((l) => `'${JSON.stringify(l)}'`).join(" ")}; ${wait}`;
  const run = await runAsUser(as, "/bin/sh", ["-c", `(${script}) | "$0" app-server > "$1"; cat "$1"`, agentBin("codex"), out], {
    cwd: box.project,
    env: { ...baseEnv(box, as), CODEX_HOME: join(box.home, ".codex") },
    timeoutMs: 60_000,
  });
  const answer = run.stdout
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l))
    .find((m) => m.id === 2);
  if (answer?.result === undefined) throw new Error(`e2e: codex app-server gave no hooks/list answer: ${run.stdout.slice(-2000)} ${run.stderr.slice(-2000)}`);
  return answer.result.data.flatMap((d: { hooks: CodexHookEntry[] }) => d.hooks);
}

/** The TOML lines `gatehouse install codex` printed under "To trust it" (indented), appended to the sandbox's config.toml. */
export function trustAsPrinted(installed: AgentRun | null, box: Sandbox): string[] {
  const lines = (installed?.stdout ?? "").split("\n").filter((l) => /^ {4}(\[|trust_level =|trusted_hash =)/.test(l)).map((l) => l.trim());
  if (lines.length === 0) throw new Error(`e2e: gatehouse install codex printed no trust lines:\n${installed?.stdout}`);
  appendFileSync(join(box.home, ".codex/config.toml"), `${lines.join("\n")}\n`);
  return lines;
}
