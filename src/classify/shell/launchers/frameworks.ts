// Framework command wrappers that run the project's own console in front of
// its tool scripts: Laravel Sail (`sail artisan …`, `./vendor/bin/sail php
// artisan …`, `sail npx …` — in the application's container) and the Symfony
// CLI (`symfony console …` is `bin/console …`, `symfony php|composer|run …`).
// The command they run reaches the family rows (families/database-tools.ts:
// artisan's `migrate:fresh`, Doctrine's `doctrine:schema:drop`).
import type { RunsOn } from "../../shell-analysis.js";
import { literalWord } from "../words.js";
import type { Launch, LauncherRow } from "./types.js";

interface Front {
  /** Subcommand → the program it runs with the words after it (`art` → `artisan`). */
  rename: Readonly<Record<string, string>>;
  /** Subcommands that are themselves the program run (`sail php …`, `sail npx …`). */
  direct: ReadonlySet<string>;
  /** Subcommands whose next word is the program (`sail bin NAME …`, `symfony run CMD …`), with the options they take. */
  next: ReadonlySet<string>;
  runsOn?: RunsOn;
}

function front(f: Front): LauncherRow["launch"] {
  return (call: Launch) => {
    const out = call.emit();
    const w = call.words;
    const k = call.i + 1;
    const sub = w[k] && !w[k].dynamic ? w[k].value : null;
    if (sub === null) return out;
    const opts = { runsOn: f.runsOn ?? null };
    const renamed = f.rename[sub];
    if (renamed !== undefined) call.run(k, { ...opts, words: [...w.slice(0, k), literalWord(renamed), ...w.slice(k + 1)] });
    else if (f.direct.has(sub)) call.run(k, opts);
    else if (f.next.has(sub)) {
      let j = k + 1;
      while (j < w.length && !w[j].dynamic && w[j].value.startsWith("-")) j++; // `symfony run -d --watch=src CMD`
      if (j < w.length) call.run(j, opts);
    }
    return out;
  };
}

const RUNTIMES = ["php", "composer", "node", "npm", "npx", "pnpm", "pnpx", "yarn", "bun", "bunx", "python", "python3"];

export const FRAMEWORK_ROWS: readonly LauncherRow[] = [
  {
    names: ["sail"],
    runs: "`artisan|art|debug ARGS` as artisan, `php|composer|npm|npx|… ARGS` and `bin NAME ARGS` as those programs, in the application's container",
    runsOn: "container",
    launch: front({ rename: { artisan: "artisan", art: "artisan", debug: "artisan" }, direct: new Set(RUNTIMES), next: new Set(["bin"]), runsOn: "container" }),
    examples: [
      ["sail artisan migrate:fresh", ["sail artisan migrate:fresh", "sail>artisan migrate:fresh"]],
      ["./vendor/bin/sail art db:wipe", ["sail art db:wipe", "sail>artisan db:wipe"]],
      ["sail npx prisma migrate reset", ["sail npx prisma migrate reset", "sail>npx prisma migrate reset", "sail>npx>prisma migrate reset"]],
      ["sail up -d", ["sail up -d"]],
    ],
  },
  {
    names: ["symfony"],
    runs: "`console ARGS` as `bin/console`, `php|composer ARGS` as those programs, `run [opts] CMD…`",
    launch: front({ rename: { console: "console" }, direct: new Set(["php", "composer"]), next: new Set(["run"]) }),
    examples: [
      ["symfony console doctrine:schema:drop --force", ["symfony console doctrine:schema:drop --force", "symfony>console doctrine:schema:drop --force"]],
      ["symfony run -d rm -rf /tmp/x", ["symfony run -d rm -rf /tmp/x", "symfony>rm -rf /tmp/x"]],
      ["symfony server:start", ["symfony server:start"]],
    ],
  },
];
