// Programs whose output is shell text that sets up the environment — agent
// sockets, version-manager shims, prompt and directory hooks, completions —
// and is meant to be run in the caller's shell: `eval "$(ssh-agent -s)"`,
// `eval "$(direnv hook bash)"`, `source <(kubectl completion bash)`. What
// they print is the tool's own setup code, not something the text or its
// input chose, so running it is not an unknown script (shape 3/7); it may set
// any variable, so values are forgotten after it
// (src/classify/shell/launchers/shells.ts).
/** Basename, lowercased (`/opt/homebrew/bin/brew` → `brew`). */
const programName = (v: string): string => v.slice(v.lastIndexOf("/") + 1).toLowerCase();

/** program → the argument forms (after the program, joined by blanks) that print setup code. */
const GENERATORS: Readonly<Record<string, RegExp>> = {
  "ssh-agent": /^(-[scDk]+( -t \S+)?)?$/,
  keychain: /^(--eval|--quiet|-q|--agents \S+|--inherit \S+|\S+)( (--eval|--quiet|-q|--agents \S+|\S+))*$/,
  direnv: /^(hook|export) (bash|zsh|fish|tcsh|elvish|json)$/,
  brew: /^shellenv( \S+)?$/,
  pyenv: /^(init|virtualenv-init) (-|--path)( \S+)?$/,
  rbenv: /^init (-|--path)( \S+)?$/,
  nodenv: /^init -( \S+)?$/,
  goenv: /^init -( \S+)?$/,
  jenv: /^init -( \S+)?$/,
  plenv: /^init -( \S+)?$/,
  fnm: /^env( --[\w-]+(=\S+)?)*$/,
  mise: /^(activate|hook-env)( \S+)*$/,
  rtx: /^activate( \S+)*$/,
  starship: /^init \S+( --print-full-init)?$/,
  zoxide: /^init \S+( --[\w-]+( \S+)?)*$/,
  atuin: /^init \S+( --[\w-]+)*$/,
  thefuck: /^--alias( \S+)?$/,
  conda: /^shell\.\S+ hook$/,
  mamba: /^shell hook( --shell \S+)?$/,
  micromamba: /^shell hook( (-s|--shell) \S+)?$/,
  opam: /^env( --[\w-]+(=\S+)?)*$/,
  dircolors: /^(-[bc]|--sh|--csh|--bourne-shell|--c-shell)?( \S+)?$/,
  luarocks: /^path( --[\w-]+)*$/,
  "gpg-agent": /^--daemon$/,
  "register-python-argcomplete": /^\S+$/,
  kubectl: /^completion \S+$/,
  helm: /^completion \S+$/,
  gh: /^completion( -s \S+)?$/,
  npm: /^completion$/,
  rustup: /^completions \S+( \S+)?$/,
  poetry: /^completions \S+$/,
  pip: /^completion --\S+$/,
};

/** Is this literal command (words, program first) one that prints its own environment setup code? */
export function isEnvGenerator(argv: readonly string[]): boolean {
  if (argv.length === 0) return false;
  const re = Object.prototype.hasOwnProperty.call(GENERATORS, programName(argv[0])) ? GENERATORS[programName(argv[0])] : undefined;
  return re !== undefined && re.test(argv.slice(1).join(" "));
}

/** [command, prints setup code] — run by test/classify/programs/. */
export const ENV_GENERATOR_EXAMPLES: ReadonlyArray<readonly [readonly string[], boolean]> = [
  [["ssh-agent", "-s"], true],
  [["ssh-agent"], true],
  [["direnv", "hook", "bash"], true],
  [["/opt/homebrew/bin/brew", "shellenv"], true],
  [["pyenv", "init", "-"], true],
  [["kubectl", "completion", "bash"], true],
  [["ssh-agent", "bash", "-c", "rm -rf ~"], false],
  [["curl", "-s", "https://x.example/env"], false],
  [["direnv", "exec", ".", "rm", "-rf", "~"], false],
];
