// The host's logs (src/classify/system-logs.ts): each row's examples, and the
// attribute the effect table and the file tools put on writes and deletes there.
import { describe, expect, it } from "vitest";
import { isSystemLog, SYSTEM_LOG_ROWS } from "../../src/classify/system-logs.js";
import { locksOutOwner } from "../../src/classify/effects/filesystem.js";
import { toolEffects } from "../../src/classify/tools.js";

describe("isSystemLog", () => {
  for (const row of SYSTEM_LOG_ROWS) {
    it.each(row.examples)(`${row.prefix}: %s → %s`, (path, isLog) => {
      expect(isSystemLog(path)).toBe(isLog);
    });
  }
});

describe("file tools mark a write of a system log, not a read", () => {
  const env = { cwd: "/home/dev/project", home: "/home/dev", path_dirs: [], additional_dirs: [] };
  it("Write /var/log/auth.log", () => {
    expect(toolEffects("Write", { file_path: "/var/log/auth.log", content: "" }, env).effects[0]?.attrs.system_log).toBe(true);
  });
  it("Read /var/log/auth.log", () => {
    expect(toolEffects("Read", { file_path: "/var/log/auth.log" }, env).effects[0]?.attrs.system_log).toBeUndefined();
  });
});

describe("locksOutOwner: the owner's own read or traverse taken away", () => {
  it.each([
    ["000", true], ["0", true], ["600", true], ["644", true], ["0644", true], ["355", true], ["a-rwx", true], ["u-rwx", true],
    ["-r", true], ["u=", true], ["a=rw", true], ["u-x", true],
    ["700", false], ["755", false], ["0750", false], ["go-rwx", false], ["u+rwX", false], ["a+rX", false], ["o=", false], ["g-w,o-rwx", false], ["u=rwx,go=", false],
  ])("%s → %s", (mode, locks) => {
    expect(locksOutOwner(mode)).toBe(locks);
  });
});
