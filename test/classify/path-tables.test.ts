// The path resolver's data tables (secrets, persistence, known variables) run
// through their examples, and the SPEC §6.4 rules added with them: ancestors,
// expansion before normalisation, Windows forms, names-only access.
import { describe, expect, it } from "vitest";
import type { EventEnv } from "../../src/model/event.js";
import { resolvePathDetailed } from "../../src/classify/paths.js";
import { EXPANSION_EXAMPLES, expandPrefix } from "../../src/classify/path-vars.js";
import { PERSISTENCE_EXAMPLES } from "../../src/classify/persistence.js";
import { SECRET_EXAMPLES } from "../../src/classify/secrets.js";

const ENV: EventEnv = { home: "/home/u", cwd: "/home/u/proj", path_dirs: [], additional_dirs: [] };
const TMP: EventEnv = { home: "/home/u", cwd: "/tmp/ws/proj", path_dirs: [], additional_dirs: [] };
const WIN: EventEnv = { home: "C:\\Users\\me", cwd: "C:\\Users\\me\\src\\app", path_dirs: [], additional_dirs: [] };
const WIN_D: EventEnv = { home: "C:\\Users\\me", cwd: "D:\\work\\app", path_dirs: [], additional_dirs: [] };

const cls = (p: string, env: EventEnv | null = ENV) => resolvePathDetailed(p, env).class;
const norm = (p: string, env: EventEnv | null = ENV) => resolvePathDetailed(p, env).normalized;

describe("secret_file: the table's examples", () => {
  it.each(SECRET_EXAMPLES.map((e) => [...e]))("%s → secret %s", (path, secret) => {
    expect(cls(path as string) === "secret_file").toBe(secret);
  });
  it("names only (listing, permissions): a secret's class is the next row's", () => {
    expect(resolvePathDetailed("~/.ssh", ENV, { names: true }).class).toBe("home_file");
    expect(resolvePathDetailed("~/.ssh/id_rsa", ENV, { names: true }).class).toBe("home_file");
    expect(resolvePathDetailed(".env", ENV, { names: true }).class).toBe("workspace_file");
  });
});

describe("persistence: the table's examples", () => {
  it.each(PERSISTENCE_EXAMPLES.map((e) => [...e]))("%s → %s", (path, kind) => {
    expect(resolvePathDetailed(path as string, ENV).persistence).toBe(kind);
  });
  it("Windows and symbolic forms", () => {
    expect(resolvePathDetailed("%USERPROFILE%\\Documents\\PowerShell\\Microsoft.PowerShell_profile.ps1", WIN).persistence).toBe("shell_startup");
    expect(resolvePathDetailed("$env:APPDATA\\Microsoft\\Windows\\Start Menu\\Programs\\Startup\\x.lnk", WIN).persistence).toBe("service");
    expect(resolvePathDetailed("$XDG_CONFIG_HOME/systemd/user/x.service", ENV).persistence).toBe("service");
    expect(resolvePathDetailed("~/.bashrc", null).persistence).toBe("shell_startup");
    expect(resolvePathDetailed(".bashrc", { ...ENV, cwd: "/home/u" }).persistence).toBe("shell_startup");
  });
});

describe("known variables", () => {
  it.each(EXPANSION_EXAMPLES.map((e) => [...e]))("%s → %s", (text, base, segs) => {
    const x = expandPrefix(text as string);
    expect(x === null ? null : [x.base, x.segs]).toEqual(base === null ? null : [base, segs]);
  });
});

describe("ancestors are guarded like what they hold (SPEC §6.4)", () => {
  const rows: Array<[string, EventEnv | null, string]> = [
    ["..", TMP, "workspace_root"],
    ["../..", TMP, "workspace_root"],
    ["/tmp", TMP, "workspace_root"],
    ["/tmp/*", TMP, "workspace_root"],
    ["/tmp/w*", TMP, "workspace_root"],
    ["/tmp/other", TMP, "temp_path"],
    [".", TMP, "workspace_root"],
    ["src", TMP, "workspace_file"],
    ["/home", ENV, "home_dir"],
    ["/home/*", ENV, "home_dir"],
    ["/home/u*", ENV, "home_dir"],
    ["/home/other", ENV, "external_path"],
    ["~/..", null, "home_dir"],
    ["~/../..", ENV, "filesystem_root"],
    ["..", null, "workspace_root"],
    ["C:\\Users", WIN, "home_dir"],
    ["C:\\Users\\me\\src", WIN, "workspace_root"],
    ["D:\\work", WIN_D, "workspace_root"],
  ];
  it.each(rows)("%s (cwd %o) → %s", (p, env, want) => {
    expect(cls(p, env)).toBe(want);
  });
  it("a workspace inside home: its parents below home hold it", () => {
    expect(cls("~/work", { ...ENV, cwd: "/home/u/work/proj" })).toBe("workspace_root");
  });
});

describe("expansion before normalisation", () => {
  it("$TMPDIR climbing out is /tmp's parent", () => {
    expect([norm("$TMPDIR/../etc"), cls("$TMPDIR/../etc")]).toEqual(["/etc", "system_path"]);
    expect(cls("$TMPDIR/../..")).toBe("filesystem_root");
    expect(cls("$TMPDIR/x")).toBe("temp_path");
    expect(cls("/tmp/../../")).toBe("filesystem_root");
  });
  it("%TEMP% is under the profile; climbing out reaches it", () => {
    expect(cls("%TEMP%\\x", WIN)).toBe("temp_path");
    expect(cls("$env:TEMP", WIN)).toBe("temp_path");
    expect(cls("%TEMP%\\..\\..\\..", WIN)).toBe("home_dir");
    expect(cls("C:\\Windows\\Temp\\x", WIN)).toBe("temp_path");
  });
  it("XDG directories at their defaults", () => {
    expect(norm("$XDG_CONFIG_HOME/x")).toBe("/home/u/.config/x");
    expect(norm("${XDG_STATE_HOME}/gatehouse")).toBe("/home/u/.local/state/gatehouse");
  });
});

describe("Windows forms resolve like their POSIX equivalents", () => {
  const rows: Array<[string, EventEnv | null, string]> = [
    ["%USERPROFILE%", WIN, "home_dir"],
    ["$env:USERPROFILE", WIN, "home_dir"],
    ["${env:USERPROFILE}", WIN, "home_dir"],
    ["%HOMEDRIVE%%HOMEPATH%", WIN, "home_dir"],
    ["C:/Users/me", WIN, "home_dir"],
    ["c:\\users\\ME\\", WIN, "home_dir"],
    ["\\\\?\\C:\\", WIN, "filesystem_root"],
    ["\\\\?\\C:\\Users\\me\\x", WIN, "home_file"],
    ["C:\\*", WIN, "filesystem_root"],
    ["%SystemRoot%\\System32", WIN, "system_path"],
    ["%SystemDrive%\\", WIN, "filesystem_root"],
    ["$env:ProgramFiles\\x", WIN, "system_path"],
    ["%APPDATA%\\x", WIN, "home_file"],
    ["C:", WIN, "workspace_root"],
    ["C:..", WIN, "workspace_root"],
    ["C:src", WIN, "workspace_file"],
    ["C:", WIN_D, "filesystem_root"],
    ["C:x", WIN_D, "external_path"],
    ["D:", WIN_D, "workspace_root"],
    ["%FOO%\\x", WIN, "unknown"],
  ];
  it.each(rows)("%s → %s", (p, env, want) => {
    expect(cls(p, env)).toBe(want);
  });
  it("a device path is judged as /dev", () => {
    expect([norm("\\\\.\\PhysicalDrive0", WIN), cls("\\\\.\\PhysicalDrive0", WIN)]).toEqual(["/dev/PhysicalDrive0", "system_path"]);
  });
});
