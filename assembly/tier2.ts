export function tier2Placeholder(): i32 { return 0; }
