// The Gatehouse hot path: one module, imported by the host as a whole.
export { alloc } from "./memory";
export * from "./haystack";
export * from "./keywords";
export * from "./tier2";
