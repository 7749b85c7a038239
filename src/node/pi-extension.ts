// The Pi extension (docs/adapters.md "Pi"), exported as `gatehouse-guard/pi`.
// Pi loads extension modules in-process and calls their default export with
// its API, so there is no process per tool call: the engine loads once per
// extension instance and session state stays in memory (or in a state
// directory, if given).
//
//   // .pi/extensions/gatehouse.js (or ~/.pi/agent/extensions/)
//   export { default } from "gatehouse-guard/pi";
//
// `tool_call` returns `{block: true, reason}` for a deny; an ask is put to the
// person with `ctx.ui.confirm` where Pi has a UI, and blocked with a reason
// saying a person must approve where it has none (`pi -p`). `tool_result`
// evaluates the post event for session state and never changes the result.
import { hostEnvFrom } from "../adapters/host.js";
import { piAdapter, type PiBlock, type PiPayload } from "../adapters/pi.js";
import { pluginGate, type GatehousePluginOptions } from "./plugin-gate.js";

/** The parts of Pi's `ExtensionAPI` and `ExtensionContext` the extension uses. */
export interface PiContext {
  cwd?: string;
  hasUI?: boolean;
  ui?: { confirm(title: string, message: string): Promise<boolean> };
  sessionManager?: { getSessionId?(): string };
}
export type PiHandler = (event: PiPayload["event"], ctx: PiContext) => Promise<PiBlock | undefined>;
export interface PiApi {
  on(event: "tool_call" | "tool_result", handler: PiHandler): void;
}
export type PiExtension = (pi: PiApi) => void;

function sessionOf(ctx: PiContext): string | undefined {
  try {
    return ctx.sessionManager?.getSessionId?.();
  } catch {
    return undefined;
  }
}

/** The handler's return value read back from the adapter's answer (JSON on stdout), or undefined to let the call run. */
function blockOf(stdout: string): PiBlock | undefined {
  return stdout === "" ? undefined : (JSON.parse(stdout) as PiBlock);
}

export function createGatehousePiExtension(options: GatehousePluginOptions = {}): PiExtension {
  return (pi) => {
    const gate = pluginGate(piAdapter, options, "the Pi tool call");
    const call = async (phase: "pre" | "post", event: PiPayload["event"], ctx: PiContext) => {
      const payload: PiPayload = { phase, event, sessionId: sessionOf(ctx) };
      const answer = await gate.run(payload, hostEnvFrom(process.env, ctx?.cwd ?? process.cwd(), "plugin"), ctx?.hasUI !== true);
      if (answer.stderr !== null) gate.logOnce(answer.stderr);
      return blockOf(answer.stdout);
    };
    pi.on("tool_call", async (event, ctx) => {
      const block = await call("pre", event, ctx);
      if (block?.ask !== true) return block;
      const approved = ctx.hasUI === true && ctx.ui !== undefined ? await ctx.ui.confirm("Gatehouse: approve this action?", block.reason) : false;
      return approved ? undefined : { block: true, reason: `${block.reason} [Gatehouse: not approved]` };
    });
    pi.on("tool_result", async (event, ctx) => {
      try {
        await call("post", event, ctx);
      } catch {
        // The tool already ran: a post event never blocks or changes its result.
      }
      return undefined;
    });
  };
}

/** The extension with default options (bundle from `$GATEHOUSE_BUNDLE` or the embedded default, state in memory, fail open). */
const GatehousePiExtension: PiExtension = createGatehousePiExtension();
export default GatehousePiExtension;
