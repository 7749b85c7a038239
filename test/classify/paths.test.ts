import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { EventEnv } from "../../src/model/event.js";
import { isGitMetadataDir, isWholeWorkingDirectory, resolvePathClass, resolvePathDetailed } from "../../src/classify/paths.js";

const ENV: EventEnv = {
  home: "/home/u",
  cwd: "/home/u/proj",
  path_dirs: ["/home/u/.local/bin", "/nix/store/bin"],
  additional_dirs: ["/srv/shared", "/work/other"],
};
const WIN: EventEnv = { home: "C:\\Users\\me", cwd: "C:\\repo\\app", path_dirs: [], additional_dirs: [] };
const NO_CWD: EventEnv = { home: "/home/u", path_dirs: [], additional_dirs: [] };
const TMP_CWD: EventEnv = { home: "/home/u", cwd: "/tmp/proj", path_dirs: [], additional_dirs: [] };

const cls = (p: string, env: EventEnv | null = ENV) => resolvePathClass(p, env).class;

describe("resolvePathClass: the ordered table with a full env", () => {
  const rows: Array<[string, string]> = [
    // filesystem_root
    ["/", "filesystem_root"],
    ["//", "filesystem_root"],
    ["/.", "filesystem_root"],
    ["/..", "filesystem_root"],
    ["/*", "filesystem_root"],
    ["/tmp/../", "filesystem_root"],
    // home_dir
    ["~", "home_dir"],
    ["~/", "home_dir"],
    ["$HOME", "home_dir"],
    ["${HOME}", "home_dir"],
    ["/home/u", "home_dir"],
    ["/home/u/", "home_dir"],
    ["~/*", "home_dir"],
    ["~/.*", "home_dir"],
    ["..", "home_dir"],
    ["../*", "home_dir"],
    ["/home/u/proj/..", "home_dir"],
    // secret_file
    [".env", "secret_file"],
    ["./.env", "secret_file"],
    [".env.production", "secret_file"],
    ["config/.env.local", "secret_file"],
    ["~/.ssh/id_rsa", "secret_file"],
    ["/home/u/.ssh/id_ed25519", "secret_file"],
    ["id_dsa", "secret_file"],
    ["keys/id_ecdsa", "secret_file"],
    ["~/.aws/credentials", "secret_file"],
    ["credentials.json", "secret_file"],
    ["~/.pgpass", "secret_file"],
    ["~/.netrc", "secret_file"],
    [".npmrc", "secret_file"],
    ["/etc/shadow", "secret_file"],
    ["server.pem", "secret_file"],
    ["tls/server.key", "secret_file"],
    ["cert.p12", "secret_file"],
    ["cert.PFX", "secret_file"],
    ["/tmp/x.pem", "secret_file"],
    ["~/.ssh/config", "secret_file"],
    ["~/.ssh/known_hosts", "secret_file"],
    ["~/.ssh", "secret_file"],
    ["~/.ssh/*", "secret_file"],
    ["*.pem", "secret_file"],
    [".env*", "secret_file"],
    // never *.pub
    ["~/.ssh/id_rsa.pub", "home_file"],
    ["id_ed25519.pub", "workspace_file"],
    ["/home/u/.ssh/authorized_keys.pub", "home_file"],
    // temp_path
    ["/tmp", "temp_path"],
    ["/tmp/x", "temp_path"],
    ["/var/tmp/build", "temp_path"],
    ["$TMPDIR", "temp_path"],
    ["${TMPDIR}/a/b", "temp_path"],
    ["/tmp/*", "temp_path"],
    ["/private/tmp/x", "temp_path"],
    // workspace_root
    [".", "workspace_root"],
    ["./", "workspace_root"],
    ["*", "workspace_root"],
    [".*", "workspace_root"],
    ["./*", "workspace_root"],
    ["/home/u/proj", "workspace_root"],
    ["/home/u/proj/", "workspace_root"],
    ["$PWD", "workspace_root"],
    ["src/..", "workspace_root"],
    // workspace_file
    ["build", "workspace_file"],
    ["build/", "workspace_file"],
    ["src/a.ts", "workspace_file"],
    ["src/*", "workspace_file"],
    ["*.log", "workspace_file"],
    ["/home/u/proj/src/a.ts", "workspace_file"],
    ["$PWD/dist", "workspace_file"],
    ["node_modules", "workspace_file"],
    ["/srv/shared", "workspace_file"],
    ["/srv/shared/x", "workspace_file"],
    ["/work/other/a/b", "workspace_file"],
    [".env.pub", "workspace_file"],
    // system_path
    ["/usr/bin/git", "system_path"],
    ["/bin", "system_path"],
    ["/sbin/init", "system_path"],
    ["/etc/passwd", "system_path"],
    ["/etc/*", "system_path"],
    ["/lib/x.so", "system_path"],
    ["/boot/vmlinuz", "system_path"],
    ["/sys/kernel", "system_path"],
    ["/proc/1/mem", "system_path"],
    ["/dev/sda", "system_path"],
    ["/opt/app", "system_path"],
    ["/tmp/../etc", "system_path"],
    ["/tmp/../etc/hosts", "system_path"],
    ["/home/u/.local/bin/tool", "system_path"],
    ["~/.local/bin", "system_path"],
    ["/nix/store/bin/x", "system_path"],
    // home_file
    ["~/notes.txt", "home_file"],
    ["$HOME/.bashrc", "home_file"],
    ["${HOME}/Downloads/*", "home_file"],
    ["/home/u/other-proj", "home_file"],
    ["../other", "home_file"],
    ["~/proj2/*", "home_file"],
    // data_store
    ["/data", "data_store"],
    ["/data/x", "data_store"],
    ["/mnt/disk", "data_store"],
    ["/srv/www", "data_store"],
    ["/var/lib/postgresql", "data_store"],
    // external_path
    ["/var/log/syslog", "external_path"],
    ["/home/other/x", "external_path"],
    ["/Users/x", "external_path"],
    ["/var", "external_path"],
    ["/usrx", "external_path"],
    ["/database", "external_path"],
    // unknown
    ["$DIR/x", "unknown"],
    ["\"$X\"", "unknown"],
    ["${FOO:-/tmp}", "unknown"],
    ["$(pwd)/x", "unknown"],
    ["`pwd`", "unknown"],
    ["~root", "unknown"],
    ["~bob/x", "unknown"],
    ["", "unknown"],
    ["%APPDATA%\\x", "home_file"],
  ];
  it.each(rows)("%s → %s", (path, expected) => {
    expect(cls(path)).toBe(expected);
  });
});

describe("resolvePathClass: no env", () => {
  const rows: Array<[string, string]> = [
    ["/", "filesystem_root"],
    ["~", "home_dir"],
    ["$HOME", "home_dir"],
    ["${HOME}", "home_dir"],
    ["~/x", "home_file"],
    ["~/*", "home_dir"],
    ["~/.ssh/id_rsa", "secret_file"],
    [".env", "secret_file"],
    ["../x/.env", "secret_file"],
    ["/tmp/x", "temp_path"],
    ["$TMPDIR/x", "temp_path"],
    [".", "workspace_root"],
    ["./", "workspace_root"],
    ["*", "workspace_root"],
    ["build", "unknown"],
    ["src/a.ts", "unknown"],
    ["../x", "unknown"],
    ["/etc/passwd", "unknown"],
    ["/usr/bin", "unknown"],
    ["/home/u/x", "unknown"],
    ["/data/x", "data_store"],
    ["/var/lib/x", "data_store"],
    ["/opt2/x", "unknown"],
    ["~/../x", "unknown"],
  ];
  it.each(rows)("%s → %s", (path, expected) => {
    expect(cls(path, null)).toBe(expected);
  });
});

describe("resolvePathClass: env without cwd, cwd under /tmp", () => {
  it("no cwd: relative paths are unknown, absolute unplaced are unknown, system rows fire", () => {
    expect(cls("build", NO_CWD)).toBe("unknown");
    expect(cls(".", NO_CWD)).toBe("workspace_root");
    expect(cls("/etc/hosts", NO_CWD)).toBe("system_path");
    expect(cls("/home/u/x", NO_CWD)).toBe("home_file");
    expect(cls("/var/log/x", NO_CWD)).toBe("unknown");
  });
  it("cwd under /tmp: the workspace outranks temp_path (SPEC §6.4: temp never outranks the workspace or its ancestors)", () => {
    expect(cls(".", TMP_CWD)).toBe("workspace_root");
    expect(cls("build", TMP_CWD)).toBe("workspace_file");
    expect(cls("..", TMP_CWD)).toBe("workspace_root");
    expect(cls("/tmp", TMP_CWD)).toBe("workspace_root");
    expect(cls("/tmp/*", TMP_CWD)).toBe("workspace_root");
    expect(cls("/tmp/pr*", TMP_CWD)).toBe("workspace_root");
    expect(cls("/tmp/other", TMP_CWD)).toBe("temp_path");
    expect(cls("/tmp/o*", TMP_CWD)).toBe("temp_path");
    expect(resolvePathClass("build", TMP_CWD).rel).toBe("build");
  });
  it("cwd equal to home: `.` is home_dir", () => {
    expect(cls(".", { home: "/home/u", cwd: "/home/u", path_dirs: [], additional_dirs: [] })).toBe("home_dir");
  });
});

describe("resolvePathClass: Windows forms", () => {
  const rows: Array<[string, string]> = [
    ["C:\\", "filesystem_root"],
    ["C:/", "filesystem_root"],
    ["c:\\", "filesystem_root"],
    ["D:\\", "filesystem_root"],
    ["C:\\Users\\me", "home_dir"],
    ["c:\\users\\ME\\", "home_dir"],
    ["%USERPROFILE%", "home_dir"],
    ["C:\\Users\\me\\.ssh\\id_rsa", "secret_file"],
    ["C:\\repo\\app", "workspace_root"],
    [".", "workspace_root"],
    ["src\\main.rs", "workspace_file"],
    [".\\build", "workspace_file"],
    ["C:\\repo\\app\\target\\debug", "workspace_file"],
    ["C:\\Windows\\System32", "system_path"],
    ["C:\\Program Files\\x", "system_path"],
    ["C:\\Users\\me\\Documents", "home_file"],
    ["C:\\other", "external_path"],
    ["\\\\server\\share\\x", "external_path"],
    ["C:\\repo\\app\\..\\..", "filesystem_root"],
    ["..\\..\\Users\\me", "home_dir"],
  ];
  it.each(rows)("%s → %s", (path, expected) => {
    expect(cls(path, WIN)).toBe(expected);
  });
  it("normalises to backslashes with an uppercase drive", () => {
    expect(resolvePathClass("c:/repo/app/./src//x", WIN).normalized).toBe("C:\\repo\\app\\src\\x");
    expect(resolvePathClass("src\\x", WIN).rel).toBe("src/x");
  });
});

describe("normalisation and rel", () => {
  const rows: Array<[string, string, string | null]> = [
    ["/tmp/../etc", "/etc", null],
    ["/a//b/./c/", "/a/b/c", null],
    ["/../../x", "/x", null],
    ["./src//a/../b.ts", "/home/u/proj/src/b.ts", "src/b.ts"],
    [".", "/home/u/proj", ""],
    ["*", "/home/u/proj/*", "*"],
    ["~/proj/x", "/home/u/proj/x", "x"],
    ["$HOME", "/home/u", null],
    ["../proj/a", "/home/u/proj/a", "a"],
    ["/home/u/proj/src", "/home/u/proj/src", "src"],
    ["$DIR/x", "$DIR/x", null],
  ];
  it.each(rows)("%s → %s (rel %s)", (path, normalized, rel) => {
    const r = resolvePathClass(path, ENV);
    expect(r.normalized).toBe(normalized);
    expect(r.rel).toBe(rel);
  });
  it("no env: symbolic forms stay symbolic; relative paths are their own rel", () => {
    expect(resolvePathClass("~/a/../b", null).normalized).toBe("~/b");
    expect(resolvePathClass("./src/a.ts", null)).toMatchObject({ normalized: "src/a.ts", rel: "src/a.ts" });
    expect(resolvePathClass("../x", null)).toMatchObject({ normalized: "../x", rel: null });
    expect(resolvePathClass("$TMPDIR/./x", null).normalized).toBe("$TMPDIR/x");
  });
  it("reports dynamic paths", () => {
    expect(resolvePathDetailed("$DIR/x", ENV).dynamic).toBe(true);
    expect(resolvePathDetailed("$HOME/x", ENV).dynamic).toBe(false);
    expect(resolvePathDetailed("~/x", ENV).dynamic).toBe(false);
    // peer-derived: another user's home lives in the user database, never read.
    expect(resolvePathDetailed("~bob/x", ENV)).toMatchObject({ class: "unknown", dynamic: true });
  });
  it("names the whole working directory and .git directories (peer-derived)", () => {
    const whole = (p: string, env: EventEnv | null = TMP_CWD) => isWholeWorkingDirectory(resolvePathDetailed(p, env));
    expect([".", "./", "*", "./*", ".*", "/tmp/proj", "/tmp/proj/*", "../proj"].map((p) => whole(p))).toEqual(Array(8).fill(true));
    expect(["x", "./x/*", "*.log", "..", "/tmp", "/tmp/other"].map((p) => whole(p))).toEqual(Array(6).fill(false));
    expect(whole(".", null)).toBe(true);
    const git = (p: string) => isGitMetadataDir(resolvePathDetailed(p, ENV));
    expect([".git", "./.git/", "a/b/.git", ".git/*", "/srv/repo/.git"].map(git)).toEqual(Array(5).fill(true));
    expect([".git/index.lock", ".github", ".gitignore", "git", ".git*"].map(git)).toEqual(Array(5).fill(false));
  });
  it("literal mode keeps a quoted ~ or $X as a file name", () => {
    expect(resolvePathDetailed("~", ENV, { literal: true }).class).toBe("workspace_file");
    expect(resolvePathDetailed("$X", ENV, { literal: true }).class).toBe("workspace_file");
  });
});

describe("properties", () => {
  const segment = fc.oneof(
    fc.constantFrom(".", "..", "", "tmp", "etc", "home", "u", "proj", ".ssh", "id_rsa", ".env", "*", "x.pem", "a.pub", "data", "~", "C:", "$HOME", "$X", "src", "usr", "var", "lib"),
    fc.string({ maxLength: 6 }),
  );
  const pathArb = fc.tuple(fc.constantFrom("", "/", "~/", "./", "../", "C:\\", "\\\\", "$HOME/", "$TMPDIR/"), fc.array(segment, { maxLength: 6 }), fc.constantFrom("/", "\\")).map(([p, segs, sep]) => p + segs.join(sep));
  const envArb = fc.option(
    fc.record({
      home: fc.option(fc.constantFrom("/home/u", "C:\\Users\\me", "/root", "relative"), { nil: undefined }),
      cwd: fc.option(fc.constantFrom("/home/u/proj", "/tmp/w", "/", "C:\\repo", "/home/u"), { nil: undefined }),
      path_dirs: fc.array(fc.constantFrom("/usr/local/bin", "/home/u/bin", "C:\\tools"), { maxLength: 2 }),
      additional_dirs: fc.array(fc.constantFrom("/srv/x", "/home/u/other", "/"), { maxLength: 2 }),
    }),
    { nil: null },
  );
  it("never throws and always gives a class", () => {
    fc.assert(
      fc.property(fc.oneof(pathArb, fc.string()), envArb, (p, env) => {
        const r = resolvePathClass(p, env);
        expect(typeof r.class).toBe("string");
      }),
      { numRuns: 3000 },
    );
  });
  it("keeps a relative path whose first segment looks quoted relative when normalised (found by the property below)", () => {
    for (const p of ['./"/"', "./'x'", './"a b"']) {
      const a = resolvePathClass(p, { path_dirs: [], additional_dirs: [] });
      expect(a.normalized.startsWith("./")).toBe(true);
      expect(resolvePathClass(a.normalized, { path_dirs: [], additional_dirs: [] })).toEqual(a);
    }
  });
  it("is idempotent on normalized paths", () => {
    fc.assert(
      fc.property(fc.oneof(pathArb, fc.string()), envArb, (p, env) => {
        const a = resolvePathClass(p, env);
        const b = resolvePathClass(a.normalized, env);
        expect(b.normalized).toBe(a.normalized);
        expect(b.class).toBe(a.class);
        expect(b.rel).toBe(a.rel);
      }),
      { numRuns: 3000 },
    );
  });
});
