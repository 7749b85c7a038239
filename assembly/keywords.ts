export function keywordsPlaceholder(): i32 { return 0; }
