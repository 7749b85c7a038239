// Which commands hand inline code to an interpreter, and which code.
import { describe, expect, it } from "vitest";
import { inlineCodeOf, inlineLanguageOf } from "../../../src/classify/inline-code/index.js";

const of = (program: string, argv: string[], stdin: string | null = null) => inlineCodeOf({ program, argv }, stdin);
const utf16b64 = (s: string) => Buffer.from(s, "utf16le").toString("base64");

describe("inlineCodeOf", () => {
  const rows: Array<[string, string[], string | null, { language: string; code: string; via: string } | null]> = [
    ["python3", ["-c", "print(1)"], null, { language: "python", code: "print(1)", via: "-c" }],
    ["python", ["-I", "-c", "print(1)"], null, { language: "python", code: "print(1)", via: "-c" }],
    ["python3", ["-Ic", "print(1)"], null, { language: "python", code: "print(1)", via: "-c" }],
    ["python3.12", ["-cprint(1)"], null, { language: "python", code: "print(1)", via: "-c" }],
    ["python3", ["-W", "ignore", "-c", "x"], null, { language: "python", code: "x", via: "-c" }],
    ["python3", ["script.py", "-c", "x"], null, null],
    ["python3", ["-m", "http.server"], null, null],
    ["python3", [], "print(2)\n", { language: "python", code: "print(2)\n", via: "stdin" }],
    ["python3", ["-"], "print(2)", { language: "python", code: "print(2)", via: "stdin" }],
    ["python3", ["run.py"], "data", null],
    ["node", ["-e", "console.log(1)"], null, { language: "javascript", code: "console.log(1)", via: "-e" }],
    ["node", ["--eval=console.log(1)"], null, { language: "javascript", code: "console.log(1)", via: "--eval" }],
    ["node", ["-p", "1+1"], null, { language: "javascript", code: "1+1", via: "-p" }],
    ["node", ["-pe", "1+1"], null, { language: "javascript", code: "1+1", via: "-pe" }],
    ["node", ["-r", "ts-node/register", "-e", "x()"], null, { language: "javascript", code: "x()", via: "-e" }],
    ["node", ["app.js"], null, null],
    ["node", ["--title", "x", "-e", "x()"], null, { language: "javascript", code: "x()", via: "-e" }],
    // The Mongo shell's --eval is its launcher row's (shell/launchers/database-shells.ts), not an interpreter's.
    ["mongosh", ["mongodb://db/app", "--eval", "db.dropDatabase()"], null, null],
    ["ruby", ["-e", "puts 1", "-e", "puts 2"], null, { language: "ruby", code: "puts 1\nputs 2", via: "-e" }],
    ["ruby", ["-rjson", "-e", "puts 1"], null, { language: "ruby", code: "puts 1", via: "-e" }],
    ["ruby", ["-ne", "print if /x/"], null, { language: "ruby", code: "print if /x/", via: "-e" }],
    ["pwsh", ["-NoProfile", "-Command", "Remove-Item", "-Recurse", "x"], null, { language: "powershell", code: "Remove-Item -Recurse x", via: "-Command" }],
    ["powershell", ["-ExecutionPolicy", "Bypass", "-c", "Get-Date"], null, { language: "powershell", code: "Get-Date", via: "-Command" }],
    ["powershell", ["-EncodedCommand", utf16b64("Remove-Item C:\\x")], null, { language: "powershell", code: "Remove-Item C:\\x", via: "-EncodedCommand" }],
    ["powershell", ["Get-Date"], null, { language: "powershell", code: "Get-Date", via: "-Command" }],
    ["pwsh", ["script.ps1"], null, null],
    ["pwsh", ["-File", "x.ps1"], null, null],
    ["pwsh", ["-Command", "-"], "Get-Date", { language: "powershell", code: "Get-Date", via: "stdin" }],
    ["perl", ["-e", "print 1"], null, null],
    ["bash", ["-c", "ls"], null, null],
  ];
  it.each(rows)("%s %j (stdin %j)", (program, argv, stdin, want) => {
    expect(of(program, argv, stdin)).toEqual(want);
  });
  it("names the language of each interpreter", () => {
    expect(["python", "python3", "python3.11", "pypy3", "node", "nodejs", "ruby", "pwsh", "powershell", "PowerShell.exe", "bash", "perl"].map(inlineLanguageOf)).toEqual([
      "python", "python", "python", "python", "javascript", "javascript", "ruby", "powershell", "powershell", "powershell", null, null,
    ]);
  });
});
