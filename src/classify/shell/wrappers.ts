// Wrapper programs: commands whose job is to run another command
// (`sudo`, `env`, `nice`, `timeout`, `xargs`, …). Each entry knows its own
// options — including the ones that take a value — so that peeling finds the
// real program word and never mistakes an option value for it.
import { literalWord, placeholderWord, programName, splitWords, type Word } from "./words.js";

export interface OptionSpec {
  /** Short option letters that take a value (attached `-uroot` or next word `-u root`). */
  shortValue?: string;
  /** Short option letters whose value may only be attached (`-i{}`, `-l5`). */
  shortOptional?: string;
  /** Long options (without `--`) that take a value (`--user=x` or `--user x`). */
  longValue?: readonly string[];
  /** Long options whose value may only be attached with `=` (read like a flag otherwise; listed for clarity). */
  longOptional?: readonly string[];
  /** Does a word of digits after `-` count as an option (`nice -10`)? Default true. */
  numericOptions?: boolean;
}

export interface ParsedOption {
  /** `-u` → "u", `--user` → "--user". */
  name: string;
  value: string | null;
}

export interface OptionScan {
  options: ParsedOption[];
  /** Index of the first operand (words.length when none). */
  end: number;
  /** A dynamic word stopped the scan where an option could be. */
  stoppedOnDynamic: boolean;
}

/** GNU-style option scan from `start`: clustered short flags, attached values, `--long=value`, `--` ends. */
export function scanOptions(words: readonly Word[], start: number, spec: OptionSpec, maxOptionWords = Infinity): OptionScan {
  const options: ParsedOption[] = [];
  const shortValue = spec.shortValue ?? "";
  const shortOptional = spec.shortOptional ?? "";
  const longValue = spec.longValue ?? [];
  let i = start;
  let count = 0;
  while (i < words.length && count++ < maxOptionWords) {
    const w = words[i];
    if (w.dynamic) return { options, end: i, stoppedOnDynamic: true };
    const v = w.value;
    if (v === "--") return { options, end: i + 1, stoppedOnDynamic: false };
    if (v.length < 2 || v[0] !== "-") break;
    if (v.startsWith("--")) {
      const eq = v.indexOf("=");
      const name = eq >= 0 ? v.slice(0, eq) : v;
      const bare = name.slice(2);
      if (eq >= 0) {
        options.push({ name, value: v.slice(eq + 1) });
        i++;
      } else if (longValue.includes(bare)) {
        options.push({ name, value: i + 1 < words.length ? words[i + 1].value : null });
        i += 2;
      } else {
        options.push({ name, value: null });
        i++;
      }
      continue;
    }
    if (spec.numericOptions === false && /^-\d/.test(v)) break;
    let consumedNext = false;
    for (let k = 1; k < v.length; k++) {
      const letter = v[k];
      if (shortValue.includes(letter)) {
        if (k + 1 < v.length) {
          options.push({ name: letter, value: v.slice(k + 1) });
        } else {
          options.push({ name: letter, value: i + 1 < words.length ? words[i + 1].value : null });
          consumedNext = true;
        }
        break;
      }
      if (shortOptional.includes(letter)) {
        options.push({ name: letter, value: k + 1 < v.length ? v.slice(k + 1) : null });
        break;
      }
      options.push({ name: letter, value: null });
    }
    i += consumedNext ? 2 : 1;
  }
  return { options, end: Math.min(i, words.length), stoppedOnDynamic: false };
}

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

function skipAssignments(words: readonly Word[], i: number): number {
  while (i < words.length && !words[i].dynamic && ASSIGNMENT.test(words[i].value)) i++;
  return i;
}

function has(scan: OptionScan, ...names: string[]): boolean {
  return scan.options.some((o) => names.includes(o.name));
}

/**
 * The outcome of looking at a wrapper: `next` is the index of the wrapped
 * program word (`words` may have been rewritten, e.g. `env -S`), or null when
 * this invocation runs no command (`command -v x`, `sudo -l`, `xargs` with
 * nothing after it): then the wrapper itself is the program.
 */
export interface Peel {
  next: number | null;
  words: Word[];
  /** The wrapper would run a command but none is written after it (`sudo --`, `nice`). */
  exhausted?: boolean;
}

type Peeler = (words: Word[], i: number) => Peel;

const none = (words: Word[]): Peel => ({ next: null, words });
const at = (words: Word[], next: number): Peel => (next < words.length ? { next, words } : { next: null, words, exhausted: true });

const SUDO: OptionSpec = {
  shortValue: "ugCDprtUTR",
  longValue: ["user", "group", "close-from", "chdir", "prompt", "role", "type", "other-user", "command-timeout", "chroot", "host"],
};

const PEELERS: Record<string, Peeler> = {
  sudo(words, i) {
    // `-h` is read as a flag (help, or a host in `--host=` form): peeling past
    // it errs toward seeing the command.
    const scan = scanOptions(words, i + 1, SUDO);
    if (has(scan, "e", "--edit", "l", "--list", "v", "--validate", "k", "K", "--reset-timestamp", "--remove-timestamp", "V", "--version", "--help"))
      return none(words);
    return at(words, skipAssignments(words, scan.end));
  },
  doas(words, i) {
    const scan = scanOptions(words, i + 1, { shortValue: "uC" });
    if (has(scan, "C", "s", "L")) return none(words);
    return at(words, scan.end);
  },
  env(words, i) {
    let w = words;
    let j = i + 1;
    for (let guard = 0; guard < 64 && j < w.length; guard++) {
      // A lone `-` means -i.
      if (!w[j].dynamic && w[j].value === "-") {
        j++;
        continue;
      }
      const step = scanOptions(w, j, { shortValue: "uCSP", longValue: ["unset", "chdir", "split-string"] }, 1);
      if (step.end === j) break;
      const split = step.options.find((o) => o.name === "S" || o.name === "--split-string");
      if (split && split.value !== null) {
        // `env -S 'prog args'`: env splits the string into words and goes on
        // parsing them in place of the option.
        const parts = splitWords(split.value);
        if (parts === null) return none(w);
        w = [...w.slice(0, j), ...parts.map((p) => literalWord(p)), ...w.slice(step.end)];
        continue;
      }
      j = step.end;
      if (w[j - 1] && !w[j - 1].dynamic && w[j - 1].value === "--" && step.options.length === 0) break;
    }
    return at(w, skipAssignments(w, j));
  },
  nice(words, i) {
    const scan = scanOptions(words, i + 1, { shortValue: "n", longValue: ["adjustment"] });
    return at(words, scan.end);
  },
  nohup(words, i) {
    const scan = scanOptions(words, i + 1, {});
    if (has(scan, "--help", "--version")) return none(words);
    return at(words, scan.end);
  },
  time(words, i) {
    const scan = scanOptions(words, i + 1, { shortValue: "fo", longValue: ["format", "output"] });
    return at(words, scan.end);
  },
  timeout(words, i) {
    const scan = scanOptions(words, i + 1, {
      shortValue: "sk",
      longValue: ["signal", "kill-after"],
      numericOptions: false,
    });
    if (has(scan, "--help", "--version")) return none(words);
    // The first operand is the DURATION.
    return at(words, scan.end + 1);
  },
  command(words, i) {
    const scan = scanOptions(words, i + 1, {});
    // `command -v x` / `command -V x` only looks the name up.
    if (has(scan, "v", "V")) return none(words);
    return at(words, scan.end);
  },
  builtin(words, i) {
    return at(words, i + 1 < words.length && words[i + 1].value === "--" && !words[i + 1].dynamic ? i + 2 : i + 1);
  },
  exec(words, i) {
    const scan = scanOptions(words, i + 1, { shortValue: "a" });
    return at(words, scan.end);
  },
  stdbuf(words, i) {
    const scan = scanOptions(words, i + 1, { shortValue: "ioe", longValue: ["input", "output", "error"] });
    return at(words, scan.end);
  },
  ionice(words, i) {
    const scan = scanOptions(words, i + 1, {
      shortValue: "cnpPu",
      longValue: ["class", "classdata", "pid", "pgid", "uid"],
    });
    // `-p PID…` / `-P` / `-u` act on existing processes: the operands are ids.
    if (has(scan, "p", "P", "u", "--pid", "--pgid", "--uid")) return none(words);
    return at(words, scan.end);
  },
  xargs(words, i) {
    const scan = scanOptions(words, i + 1, {
      // GNU, plus BSD -J/-R/-S
      shortValue: "adEILnPsJRS",
      shortOptional: "eil",
      longValue: ["arg-file", "delimiter", "max-args", "max-procs", "max-chars", "process-slot-var"],
      longOptional: ["eof", "replace", "max-lines"],
    });
    if (has(scan, "--help", "--version", "--show-limits")) return none(words);
    // With a replace string, the input lines land inside the command's words.
    const repl: string[] = [];
    for (const o of scan.options) {
      if (o.name === "I" || o.name === "J") {
        if (o.value) repl.push(o.value);
      } else if (o.name === "i" || o.name === "--replace") repl.push(o.value || "{}");
    }
    if (repl.length === 0) return at(words, scan.end);
    const marked = words.map((w, k) => (k >= scan.end && repl.some((r) => w.value.includes(r)) ? placeholderWord(w) : w));
    return at(marked, scan.end);
  },
  coproc(words, i) {
    return at(words, i + 1);
  },
  busybox(words, i) {
    if (i + 1 < words.length && !words[i + 1].dynamic && words[i + 1].value.startsWith("-")) return none(words);
    return at(words, i + 1);
  },
  setsid(words, i) {
    const scan = scanOptions(words, i + 1, {});
    return at(words, scan.end);
  },
};

/** Is `name` (a normalised program name) a wrapper this module can peel? */
export function isWrapper(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(PEELERS, name);
}

/** Peel the wrapper at `words[i]`; see {@link Peel}. */
export function peelWrapper(name: string, words: Word[], i: number): Peel {
  const peeler = PEELERS[name];
  if (!peeler) return none(words);
  return peeler(words, i);
}

/** Wrappers after which the wrapped command's stdin is not the wrapper's stdin. */
export const STDIN_CONSUMING_WRAPPERS = new Set(["xargs"]);

/**
 * Wrappers that append words from their input to the command they run
 * (`xargs`, and `parallel` without literal `:::` inputs): a command that
 * ends early under them (`xargs sudo`, `xargs bash -c`) gets its program or
 * script from that input.
 */
export const INPUT_FEEDING_WRAPPERS = new Set(["xargs", "parallel"]);

export function fedByInput(wrappers: readonly string[]): string | null {
  return wrappers.find((w) => INPUT_FEEDING_WRAPPERS.has(w)) ?? null;
}

export { programName };
