// Kilo Code CLI (`@kilocode/cli`, an OpenCode fork): `kilo run` configured as OpenCode is (harness/opencode.ts),
// in `~/.config/kilo/kilo.json`; no update check, models fetch, sharing, session upload or telemetry.
import { openCodeStyle } from "./opencode.js";

export const kilo = openCodeStyle({
  installName: "kilo",
  pkg: "@kilocode/cli",
  bin: "kilo",
  configFile: ".config/kilo/kilo.json",
  env: {
    KILO_DISABLE_AUTOUPDATE: "1",
    KILO_DISABLE_MODELS_FETCH: "1",
    KILO_DISABLE_SHARE: "1",
    KILO_DISABLE_LSP_DOWNLOAD: "1",
    KILO_DISABLE_DEFAULT_PLUGINS: "1",
    KILO_DISABLE_SESSION_INGEST: "1",
    KILO_TELEMETRY_LEVEL: "off",
  },
});
