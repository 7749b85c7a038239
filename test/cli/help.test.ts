// Generated from the declarative command descriptions (src/cli/commands.ts):
// every command's --help exits 0 and lists every option and exit code, every
// described option is accepted by the parser, and docs/cli.md is up to date.
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseCommandArgs, UsageError } from "../../src/cli/args.js";
import { COMMAND_SPECS } from "../../src/cli/commands.js";
import { generatedBlock, generatedBlocks } from "../../src/cli/docs-block.js";
import { EXIT } from "../../src/model/exit-codes.js";
import { main, RUNNERS } from "../../src/cli/main.js";
import { packageRoot } from "../../src/node/package-root.js";
import { commandWords } from "../../src/cli/command-spec.js";
import { runGatehouse } from "../support/bin.js";
import { memoryIo } from "../support/io.js";

const documented = new Set<number>(Object.values(EXIT));

describe("every command describes itself once", () => {
  it("each description has a runner and each runner a description", () => {
    expect(Object.keys(RUNNERS).sort()).toEqual(COMMAND_SPECS.map((s) => s.name).sort());
  });

  for (const spec of COMMAND_SPECS) {
    describe(spec.name, () => {
      it("--help (and -h, and gatehouse help …) exits 0 and lists every option and exit code", async () => {
        const words = spec.name.split(" ");
        const outputs: string[] = [];
        for (const argv of [[...words, "--help"], [...words, "-h"], ["help", ...words]]) {
          const { io, out, err } = memoryIo();
          expect(await main(argv, io), argv.join(" ")).toBe(0);
          expect(err).toEqual([]);
          outputs.push(out.join("\n"));
        }
        expect(new Set(outputs).size).toBe(1);
        const help = outputs[0]!;
        expect(help).toContain(`gatehouse ${spec.name} — ${spec.summary}`);
        for (const option of spec.options) expect(help).toMatch(new RegExp(`--${option.name}\\b`));
        expect(help).toContain("--help");
        const exitSection = help.slice(help.indexOf("exit codes:"));
        for (const { code } of spec.exits) expect(exitSection).toMatch(new RegExp(`^  ${code}\\s`, "m"));
      });

      it("every described option is accepted, and only documented exit codes are declared", () => {
        for (const option of spec.options) {
          const argv = option.value === undefined ? [`--${option.name}`] : [`--${option.name}`, option.choices?.[0] ?? "x"];
          const operands = Array.from({ length: spec.operands?.min ?? 0 }, () => "operand");
          expect(() => parseCommandArgs([...argv, ...operands], spec), `--${option.name}`).not.toThrow(/unknown option/);
        }
        expect(() => parseCommandArgs(["--no-such-option"], spec)).toThrow(UsageError);
        for (const { code } of spec.exits) expect(documented.has(code)).toBe(true);
        expect(spec.exits.map((e) => e.code)).toContain(EXIT.USAGE);
      });
    });
  }

  it("hook.ts reads its own argv: every option its description lists is one it accepts (never a usage error)", async () => {
    const spec = COMMAND_SPECS.find((s) => s.name === "hook")!;
    for (const option of spec.options) {
      const argv = ["hook", "claude", `--${option.name}`, ...(option.value === undefined ? [] : [option.choices?.[0] ?? join(tmpdir(), "gatehouse-help-x")])];
      const { io } = memoryIo({ stdin: "" });
      expect(await main(argv, io), argv.join(" ")).not.toBe(EXIT.USAGE);
    }
  });

  it("docs/cli.md carries the generated command reference and agent table as they are now", () => {
    const docs = readFileSync(join(packageRoot(), "docs", "cli.md"), "utf8");
    for (const [name, block] of generatedBlocks()) expect(generatedBlock(docs, name), `${name}: run scripts/run-ts.sh scripts/cli-docs.ts`).toBe(block);
  });
});

describe("every word a user types first answers --help with exit 0", () => {
  // Every one-word command, every group of subcommands (`ledger`, `bundle`, `service`) and `help` itself (issue 22).
  const words = [...commandWords(COMMAND_SPECS), "help"];
  it("covers the groups", () => {
    expect(words).toEqual(expect.arrayContaining(["ledger", "bundle", "service", "guard", "check"]));
  });
  for (const word of words) {
    it(`${word} --help, ${word} -h, help ${word}`, async () => {
      for (const argv of [[word, "--help"], [word, "-h"], ["help", word]]) {
        const { io, out, err } = memoryIo();
        expect(await main(argv, io), argv.join(" ")).toBe(0);
        expect(err, argv.join(" ")).toEqual([]);
        expect(out.join("\n")).toMatch(/usage:/);
      }
    });
  }
  it("a group's help names each of its subcommands", async () => {
    for (const group of ["ledger", "bundle", "service"]) {
      const { io, out } = memoryIo();
      expect(await main([group, "--help"], io)).toBe(0);
      for (const spec of COMMAND_SPECS.filter((s) => s.name.startsWith(`${group} `))) expect(out.join("\n")).toContain(spec.name);
    }
  });
  it("the installed command too: each word's --help exits 0 through bin/gatehouse.js", async () => {
    for (const word of words) {
      const run = await runGatehouse([word, "--help"]);
      expect(run.status, `${word} --help: ${run.stderr}`).toBe(0);
      expect(run.stderr).toBe("");
    }
  });
});

describe("the top level", () => {
  it("--version prints the package version", async () => {
    const { io, out } = memoryIo();
    expect(await main(["--version"], io)).toBe(0);
    const pkg = JSON.parse(readFileSync(join(packageRoot(), "package.json"), "utf8"));
    expect(out).toEqual([`gatehouse ${pkg.version}`]);
  });
  it("--help lists every command; no command is a usage error on stderr", async () => {
    const help = memoryIo();
    expect(await main(["--help"], help.io)).toBe(0);
    for (const spec of COMMAND_SPECS) expect(help.out.join("\n")).toContain(spec.name);
    const none = memoryIo();
    expect(await main([], none.io)).toBe(64);
    expect(none.out).toEqual([]);
  });
  it("a group without its subcommand names the subcommands", async () => {
    const { io, err } = memoryIo();
    expect(await main(["bundle"], io)).toBe(64);
    expect(err[0]).toContain("bundle lint");
    expect(await main(["bundle", "frob"], memoryIo().io)).toBe(64);
  });
  it("option parsing by the description: choices, repeats, exclusive options, operand counts", async () => {
    const cases: [string[], RegExp][] = [
      [["install", "claude", "--on-error", "maybe"], /--on-error must be one of open, closed/],
      [["install", "claude", "--bundle", "a", "--bundle", "b"], /--bundle may be given once/],
      [["install", "claude", "--user", "--project", "x"], /--project and --user cannot be used together|--user and --project/],
      [["eval"], /eval needs exactly one FILE\.jsonl/],
      [["eval", "a", "b"], /unexpected extra argument "b"/],
      [["check", "ls"], /unexpected argument "ls" \(put the command after --\)/],
      [["doctor", "--", "x"], /takes no arguments after --/],
      [["check", "--bundle"], /--bundle needs a value/],
      [["check", "--cwd", "--", "ls"], /--cwd needs a value \(got "--"; write --cwd=-- if that is the value\)/],
      [["check", "--bundle", "--json", "--", "ls"], /--bundle needs a value \(got "--json"/],
      [["check", "--json", "--json", "--", "ls"], /--json may be given once/],
      [["hook", "claude", "--twin", "--twin"], /--twin may be given once/],
    ];
    for (const [argv, message] of cases) {
      const { io, err } = memoryIo();
      expect(await main(argv, io), argv.join(" ")).toBe(64);
      expect(err).toHaveLength(1);
      expect(err[0]).toMatch(message);
      expect(err[0]).toMatch(/--help\)$/);
    }
  });
});
