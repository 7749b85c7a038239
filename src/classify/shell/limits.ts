// The shell analysis's bounds (SPEC §6.3 shapes 1 and 9).

/** Text over this many UTF-8 bytes is not parsed (shape 1). */
export const MAX_COMMAND_BYTES = 16 * 1024;
/** Simple commands per text before the analysis stops (shape 1). */
export const MAX_SIMPLE_COMMANDS = 256;
/** Wrapper and inline-script levels combined (shape 9 beyond). */
export const MAX_WRAPPER_DEPTH = 4;
/** Statement nesting the walker follows before calling the text oversize (shape 1). */
export const MAX_NESTING = 120;
