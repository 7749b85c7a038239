// Types of bench/events.mjs for TypeScript callers (tests).
export const ENV: { home: string; cwd: string; path_dirs: string[]; additional_dirs: string[] };
export const BUILTIN_COMMANDS: string[];
export interface BenchEvent {
  label: string;
  category: "bash" | "file" | "web" | "mcp" | "other" | "post";
  source: string;
  command: string | null;
  event: Record<string, unknown>;
}
export function buildEventSet(options?: { peerDir?: string; peerPerFile?: number }): { events: BenchEvent[]; peerSources: unknown[] };
export function distinctCommands(options?: { peerDir?: string; corpusDir?: string }): string[];
export function distinctCommand(base: string[], n: number): string;
export function bashEvent(command: string, i: number): Record<string, unknown>;
