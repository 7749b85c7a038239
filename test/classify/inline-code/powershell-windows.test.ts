// The PowerShell reader hands the cmdlets the shell table knows (the Windows
// families, Remove-Item fed by a pipeline) to it, so their knowledge lives
// once; what it cannot read stays dynamic (shape 6).
import { describe, expect, it } from "vitest";
import { hasEffectRows } from "../../../src/classify/index.js";
import { analyzeInlineCode } from "../../../src/classify/inline-code/index.js";
import { loadGrammars, summary } from "./helpers.js";

const grammars = await loadGrammars();
const read = (code: string, known = true) => summary(analyzeInlineCode("powershell", code, { grammars, shellCommand: known ? hasEffectRows : undefined }));

describe("PowerShell cmdlets the shell table knows", () => {
  it.each([
    ["Set-ItemProperty -Path 'HKCU:\\Software\\Microsoft\\Windows\\CurrentVersion\\Run' -Name zz -Value 'evil.exe'", "Set-ItemProperty -Path HKCU:\\Software\\Microsoft\\Windows\\CurrentVersion\\Run -Name zz -Value evil.exe"],
    ["Clear-RecycleBin -Force -Confirm:$false", "Clear-RecycleBin -Force -Confirm:$false"],
    ["Get-CimInstance Win32_ShadowCopy | Remove-CimInstance", "Get-CimInstance Win32_ShadowCopy | Remove-CimInstance"],
  ])("%s is a command", (code, command) => {
    const a = read(code);
    expect(a.commands).toContain(command);
    expect(a.dynamic).toBeNull();
  });

  it("a Remove-Item fed by a pipeline hands the pipeline over as text", () => {
    const a = read("Get-ChildItem C:\\ -Recurse | Remove-Item -Force");
    expect(a.commands).toEqual(["Get-ChildItem C:\\\\ -Recurse | Remove-Item -Force"]);
    expect(a.dynamic).toBeNull();
  });

  it("without the shell table, the same code stays dynamic", () => {
    expect(read("Get-ChildItem C:\\ -Recurse | Remove-Item -Force", false).dynamic).not.toBeNull();
    expect(read("Clear-RecycleBin -Force", false).dynamic).not.toBeNull();
  });
});
