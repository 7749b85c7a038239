// Command-line conventions of Windows tools that several families have rows
// for (one object per tool: the engine refuses a second), and how their
// commands read.
import { asWindowsArgs } from "../../programs/args.js";
import { parseWindowsArgs } from "../../programs/options.js";
import type { Cli, Match } from "./rows.js";

/** `wmic [/node:X] [/user:U] … ALIAS|PATH CLASS [WHERE clause] VERB …`. */
export const WMIC_CLI: Cli = {
  style: "cmd",
  windows: {
    value: ["node", "user", "password", "namespace", "role", "locale", "implevel", "authlevel", "privileges", "trace", "record", "interactive", "failfast", "output", "append", "aggregate", "authority", "format"],
    bool: ["nointeractive", "every"],
  },
  help: { flags: ["?"] },
};

const WMIC_VERBS = new Set(["delete", "call", "set", "create", "get", "list", "assoc"]);

/**
 * The verb of a wmic command (lower-case): the first verb word after the alias
 * (or `path CLASS`), skipping a `where` clause (one word, quoted, or in
 * parentheses that Bash may have split).
 */
export function wmicVerb(m: Match): string | null {
  const words = [...m.path, ...m.rest.map((o) => o.value)].map((w) => w.toLowerCase());
  let i = words[0] === "path" ? 2 : 1;
  if (words[i] === "where") i += 2;
  for (; i < words.length; i++) if (WMIC_VERBS.has(words[i]!)) return words[i]!;
  return null;
}

/** `Remove-CimInstance`/`Remove-WmiObject`/`Invoke-CimMethod`/`Invoke-WmiMethod` and the getters that feed them. */
export const PS_WMI_CLI: Cli = {
  style: "powershell",
  windows: {
    value: ["classname", "class", "query", "filter", "namespace", "computername", "cimsession", "inputobject", "methodname", "name", "arguments", "argumentlist", "path", "property", "querydialect", "resourceuri", "keyonly"],
    bool: ["whatif", "confirm", "asjob", "shallow", "force", "list", "amended", "directread", "enableallprivileges"],
    aliases: { cn: "computername", ns: "namespace", wi: "whatif", cf: "confirm" },
  },
  help: { flags: ["?"] },
  dryRun: ["whatif"],
};

const WMI_GETTERS = new Set(["get-ciminstance", "gcim", "get-wmiobject", "gwmi"]);

/** The WMI class a query names (`SELECT * FROM Win32_ShadowCopy WHERE …`), and whether it narrows with WHERE. */
function fromQuery(q: string): { cls: string; filtered: boolean } | null {
  const m = /\bfrom\s+([A-Za-z_]\w*)(\s+where\b)?/i.exec(q);
  return m ? { cls: m[1]!.toLowerCase(), filtered: m[2] !== undefined } : null;
}

/**
 * Which WMI class a removal or method call acts on: its own `-ClassName`/
 * `-Class`/`-Query`, or the getter (`Get-CimInstance Win32_ShadowCopy`,
 * `gwmi -Query …`) piped into it. `filtered`: a `-Filter`, a WHERE, or a
 * `Where-Object` stage picks some instances. Null when nothing says.
 */
export function wmiTarget(m: Match): { cls: string; filtered: boolean } | null {
  const own = (m.value("classname", "class") ?? null)?.toLowerCase();
  if (own) return { cls: own, filtered: m.value("filter") !== null };
  const q = m.value("query");
  if (q !== null) return fromQuery(q);
  let src = m.ctx.pc.stdin;
  let narrowed = false;
  for (let hops = 0; hops < 6 && src?.kind === "pipe"; hops++) {
    const up = m.ctx.analysis.commands[src.upstream];
    if (!up) return null;
    const program = up.cmd.program;
    if (WMI_GETTERS.has(program)) {
      const p = parseWindowsArgs(asWindowsArgs(up.args), PS_WMI_CLI.windows!, "powershell");
      const value = (...names: string[]) => p.flags.find((f) => names.includes(f.name) && f.value !== null)?.value ?? null;
      const query = value("query");
      if (query !== null) {
        const r = fromQuery(query);
        return r ? { cls: r.cls, filtered: r.filtered || narrowed } : null;
      }
      const cls = value("classname", "class") ?? p.operands[0]?.value ?? null;
      return cls ? { cls: cls.toLowerCase(), filtered: narrowed || value("filter") !== null } : null;
    }
    if (/^(where-object|where|\?|select-object|select)$/.test(program)) narrowed = true;
    else if (!/^(sort-object|sort)$/.test(program)) return null;
    src = up.stdin;
  }
  return null;
}

/** The method a `wmic … call METHOD` invokes (lower-case), if any. */
export function wmicCall(m: Match): string | null {
  const words = [...m.path, ...m.rest.map((o) => o.value)].map((w) => w.toLowerCase());
  const at = words.indexOf("call");
  return at >= 0 ? (words[at + 1] ?? null) : null;
}
