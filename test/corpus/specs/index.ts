export const SPEC_FILES: Record<string, import("../spec.js").CaseSpec[]> = {};
