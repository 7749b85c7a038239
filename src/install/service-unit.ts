// The supervised daemon (`gatehouse service install`): a systemd user unit on
// Linux, a launchd agent on macOS, both restarting `gatehouse serve` whenever
// it stops. Claude Code's `http` hook handler lets every call through while
// the daemon does not answer (a refused connection is a non-blocking error),
// so a daemon behind `install --http` must come back by itself — also after a
// plain SIGTERM (`pkill -f 'gatehouse serve'`), which serve answers by
// draining and exiting 0: systemd's `Restart=on-failure` would not restart
// that, so the unit says `Restart=always` (launchd: `KeepAlive`).
// Pure text here; src/cli/service.ts writes it and asks systemctl/launchctl.
import { isAbsolute, join } from "node:path";

export const SERVICE_NAME = "gatehouse.service";
export const LAUNCHD_LABEL = "dev.gatehouse.serve";

export type ServicePlatform = "systemd" | "launchd";

export function servicePlatform(platform: NodeJS.Platform = process.platform): ServicePlatform | null {
  return platform === "linux" ? "systemd" : platform === "darwin" ? "launchd" : null;
}

/** Where the unit lives: `$XDG_CONFIG_HOME/systemd/user/gatehouse.service` (else `~/.config/…`), or `~/Library/LaunchAgents/dev.gatehouse.serve.plist`. */
export function serviceFile(kind: ServicePlatform, env: Record<string, string | undefined>): string | null {
  const home = env.HOME;
  if (kind === "launchd") return home && isAbsolute(home) ? join(home, "Library", "LaunchAgents", `${LAUNCHD_LABEL}.plist`) : null;
  const xdg = env.XDG_CONFIG_HOME;
  const config = xdg && isAbsolute(xdg) ? xdg : home && isAbsolute(home) ? join(home, ".config") : null;
  return config === null ? null : join(config, "systemd", "user", SERVICE_NAME);
}

/** One word of a systemd command line: double-quoted, `\` and `"` escaped, `%` doubled (specifiers), `$` doubled (variables). */
function systemdWord(word: string): string {
  return `"${word.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/%/g, "%%").replace(/\$/g, "$$$$")}"`;
}

const xml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export interface ServiceSpec {
  /** node, the launcher, `serve`, and serve's options: what runs. */
  argv: readonly string[];
  /** Where the daemon's log lines go (launchd; systemd keeps them in the journal). */
  logFile: string;
}

export function systemdUnit(spec: ServiceSpec): string {
  return [
    "# Written by gatehouse service install; gatehouse service uninstall removes it.",
    "[Unit]",
    "Description=Gatehouse policy daemon (gatehouse serve) for AI coding agents' hooks",
    "",
    "[Service]",
    "Type=simple",
    `ExecStart=${spec.argv.map(systemdWord).join(" ")}`,
    "ExecReload=/bin/kill -HUP $MAINPID",
    // SIGTERM drains and exits 0; anything that stops it but `systemctl stop` brings it back.
    "Restart=always",
    "RestartSec=1",
    "StartLimitIntervalSec=0",
    "TimeoutStopSec=40",
    "",
    "[Install]",
    "WantedBy=default.target",
    "",
  ].join("\n");
}

export function launchdPlist(spec: ServiceSpec): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
    "<!-- Written by gatehouse service install; gatehouse service uninstall removes it. -->",
    '<plist version="1.0">',
    "<dict>",
    "  <key>Label</key>",
    `  <string>${LAUNCHD_LABEL}</string>`,
    "  <key>ProgramArguments</key>",
    "  <array>",
    ...spec.argv.map((w) => `    <string>${xml(w)}</string>`),
    "  </array>",
    "  <key>RunAtLoad</key>",
    "  <true/>",
    // Restarted whenever it exits, a clean SIGTERM included.
    "  <key>KeepAlive</key>",
    "  <true/>",
    "  <key>ThrottleInterval</key>",
    "  <integer>1</integer>",
    "  <key>StandardErrorPath</key>",
    `  <string>${xml(spec.logFile)}</string>`,
    "</dict>",
    "</plist>",
    "",
  ].join("\n");
}

/** The port a unit's `serve` listens on (its `--port`, else serve's default), or null when the text runs no serve. */
export function servicePort(text: string, defaultPort: number): number | null {
  if (!/\bserve\b/.test(text)) return null;
  const port = /--port(?:"|<\/string>)?\s*(?:=|"|<string>)?\s*"?(\d+)/.exec(text);
  return port === null ? defaultPort : Number(port[1]);
}
