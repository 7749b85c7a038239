// Windows program knowledge: registry keys (src/classify/registry.ts), the
// Windows option conventions (parseWindowsArgs), PowerShell item listings
// (src/classify/programs/powershell.ts) and registry paths in the path table.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { literalArg } from "../../src/classify/programs/args.js";
import { parseWindowsArgs } from "../../src/classify/programs/options.js";
import { mayHoldTypedPowerShell, parseItemListing, PS_EXAMPLES, TYPED_POWERSHELL_EXAMPLES, typedPowerShell } from "../../src/classify/programs/powershell.js";
import { EFFECT_PROGRAMS } from "../../src/classify/effects/index.js";
import { LAUNCHERS, launcherFor } from "../../src/classify/shell/launchers/index.js";
import { resolvePathDetailed } from "../../src/classify/paths.js";
import { keyFacts, parseProviderKey, parseRegKey, REGISTRY_EXAMPLES } from "../../src/classify/registry.js";
import { sh } from "./build.js";

const ENV = { cwd: "/home/dev/project", home: "/home/dev", path_dirs: [], additional_dirs: [] };

describe("registry keys", () => {
  it.each(REGISTRY_EXAMPLES.map((e) => [...e]))("%s", (text, normalized, facts) => {
    const key = parseProviderKey(text) ?? parseRegKey(text);
    expect(key?.normalized ?? null).toBe(normalized);
    if (key) expect(keyFacts(key)).toMatchObject(facts);
  });

  it("a registry provider path is a key, never a file", () => {
    for (const p of ["HKCU:\\Software", "hklm:\\system", "Registry::HKEY_LOCAL_MACHINE\\SOFTWARE", "Microsoft.PowerShell.Core\\Registry::HKCU\\x", "HKCU:"]) {
      const r = resolvePathDetailed(p, ENV);
      expect(r.class, p).toBe("windows_registry");
      expect(r.rel, p).toBeNull();
    }
    expect(resolvePathDetailed("HKCU:\\Software\\Microsoft\\Windows\\CurrentVersion\\Run", ENV).persistence).toBe("service");
    expect(resolvePathDetailed("HKLM:\\$key", ENV)).toMatchObject({ class: "unknown", dynamic: true });
    // reg.exe's form is not a provider path: in a file context it is a relative name.
    expect(resolvePathDetailed("HKLM\\SOFTWARE", ENV).class).toBe("workspace_file");
  });
});

describe("parseWindowsArgs", () => {
  const words = (...w: string[]) => w.map((x) => literalArg(x));

  it("cmd style: declared switches, attached values, undeclared paths stay operands", () => {
    const p = parseWindowsArgs(words("delete", "shadows", "/All", "/Quiet", "/for=C:", "/tmp"), { value: ["for"], bool: ["all", "quiet"] }, "cmd");
    expect(p.flags.map((f) => [f.name, f.value])).toEqual([["all", null], ["quiet", null], ["for", "C:"]]);
    expect(p.operands.map((o) => o.value)).toEqual(["delete", "shadows", "/tmp"]);
  });

  it("cmd style: a value switch takes the next word; one-letter switches nobody declared still split", () => {
    const p = parseWindowsArgs(words("/delete", "/tn", "Nightly Job", "/s/q", "/?"), { value: ["tn"], bool: ["delete"] }, "cmd");
    expect(p.flags.map((f) => [f.name, f.value])).toEqual([["delete", null], ["tn", "Nightly Job"], ["s", null], ["q", null], ["?", null]]);
    expect(p.operands).toEqual([]);
  });

  it("powershell style: prefixes, aliases, :values, $true/$false, -- ends parameters", () => {
    const spec = { value: ["path", "filter"], bool: ["recurse", "force", "whatif"], aliases: { fo: "force" } };
    const p = parseWindowsArgs(words("-Rec", "-fo", "-Path:C:\\x", "-WhatIf:$false", "-Filter", "*.log", "--", "-notaflag"), spec, "powershell");
    expect(p.flags.map((f) => [f.name, f.value])).toEqual([["recurse", null], ["force", null], ["path", "C:\\x"], ["whatif", "false"], ["filter", "*.log"]]);
    expect(p.operands.map((o) => o.value)).toEqual(["-notaflag"]);
  });

  it("powershell style: an ambiguous prefix keeps its own name; a negative number is an operand", () => {
    const p = parseWindowsArgs(words("-f", "-1"), { value: ["filter"], bool: ["force"] }, "powershell");
    expect(p.flags.map((f) => f.name)).toEqual(["f"]);
    expect(p.operands.map((o) => o.value)).toEqual(["-1"]);
  });

  it("never throws, and every word is a flag, a flag's value or an operand (a -- taken as a value ends nothing: seed -15493102 found -Path -- --)", () => {
    const word = fc.oneof(fc.constantFrom("/all", "/tn", "-Path", "-r", "-fo", "/?", "-?", "--", "x", "C:\\", "/s/q", "-Confirm:$false"), fc.string({ maxLength: 6 }));
    fc.assert(
      fc.property(fc.array(word, { maxLength: 10 }), fc.constantFrom("cmd" as const, "powershell" as const), (ws, style) => {
        const p = parseWindowsArgs(words(...ws), { value: ["tn", "path"], bool: ["all", "recurse", "force"] }, style);
        const seen = new Set<number>();
        for (const f of p.flags) {
          seen.add(f.index);
          if (f.valueIndex >= 0) seen.add(f.valueIndex);
        }
        for (const o of p.operands) seen.add(o.index);
        // The end-of-parameters word: the first `--` that is not a parameter's value (`-Path -- --`: the second).
        const values = new Set(p.flags.map((f) => f.valueIndex));
        const end = ws.findIndex((w, k) => w === "--" && !values.has(k));
        for (let i = 0; i < ws.length; i++) {
          if (style === "powershell" && i === end) continue; // the end-of-parameters word itself
          expect(seen.has(i), `${JSON.stringify(ws)} word ${i}`).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("PowerShell item listings", () => {
  it.each(PS_EXAMPLES.map((e) => [...e]))("%s", (text, want) => {
    const c = sh(text).commands[0]!;
    const l = parseItemListing(c.cmd.program, c.args);
    const { roots, ...rest } = want;
    if (roots) expect(l.roots.map((r) => r.value)).toEqual(roots);
    expect(l).toMatchObject(rest);
  });
});

describe("PowerShell typed into a Bash tool (read with the PowerShell grammar too)", () => {
  it.each(TYPED_POWERSHELL_EXAMPLES.map((e) => [...e]))("%s → %s", (text, want) => {
    expect(typedPowerShell(text as string, (p) => EFFECT_PROGRAMS.hasEffects(p), (p) => launcherFor(LAUNCHERS, p) !== undefined)).toBe(want);
  });
  // A page fetches the PowerShell grammar only when Engine.prepare's hint says so: the hint must cover every
  // text the classifier reads as PowerShell, also inside the event's JSON (test/web compares the whole corpus).
  it.each(TYPED_POWERSHELL_EXAMPLES.filter(([, want]) => want).map(([text]) => [text]))("prepare's hint covers %s", (text) => {
    expect(mayHoldTypedPowerShell(text)).toBe(true);
    expect(mayHoldTypedPowerShell(JSON.stringify({ command: text }))).toBe(true);
  });
  it.each([["git status"], ["ls -la"], ["rm -rf build"]])("prepare's hint stays off for %s", (text) => {
    expect(mayHoldTypedPowerShell(JSON.stringify({ command: text }))).toBe(false);
  });
});
