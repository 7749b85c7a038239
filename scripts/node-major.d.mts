// Types for scripts/node-major.mjs (a plain script, run by the bench and imported by the tests).
export type NodeMajor = { major: number; version: string; path: string } | { major: number; error: string };
export function nodeCacheDir(env?: NodeJS.ProcessEnv): string;
export function nodeMajor(major: number, env?: NodeJS.ProcessEnv): NodeMajor;
