// What the shell walker asks of the effect table's program knowledge, as an
// interface both sides depend on and neither implements for the other: the
// effect table provides it (effects/index.ts EFFECT_PROGRAMS), the engine
// hands it to the walker where classification is assembled (engine.ts), so
// shell/ and effects/ never import each other (test/architecture/layers.test.ts).

export interface ProgramRegistry {
  /** Every program name a handler table lists: what a program-word glob (`/usr/bin/r?`) is matched against. */
  names(): readonly string[];
  /** The table knows this program (a handler, a family row, a known command line): the nested-command rule reads it as consequential. */
  hasEffects(program: string): boolean;
  /** `NAME=…` configures the gate or an agent (`GATEHOUSE_*`): the walker records the assignment for the table to judge. */
  isControlVariable(name: string): boolean;
}
