export function haystackPlaceholder(): i32 { return 0; }
