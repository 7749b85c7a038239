// A deploy replaces what runs. It is asked (`infra.disrupt`) only when it goes
// to production — the tool's own production flag (`vercel --prod`), an
// environment flag the tool's Cli names (`envFlags`: a stage, context,
// project read into `m.base.is_production`), or a name the row gives (an app,
// a site, a stage word). A preview or staging deploy is everyday.
import { productionAttrs } from "../common.js";
import { eff, type EffectSpec, type Match } from "./rows.js";

export interface DeployOptions {
  /** The tool's own flag for production (`prod`). */
  flag?: string;
  /** The names the command gives that may say production. */
  names?: (m: Match) => Array<string | null | undefined>;
  /** What a deploy elsewhere is (a read row's effect, a plain write), or nothing. */
  otherwise?: EffectSpec | null;
}

export const productionDeploy = (o: DeployOptions = {}) => (m: Match): EffectSpec | null =>
  (o.flag !== undefined && m.has(o.flag)) || m.base.is_production === true || (o.names !== undefined && productionAttrs(o.names(m)).is_production === true)
    ? eff("write", "infrastructure", { disrupts: true, is_production: true, operation: "production deploy" })
    : (o.otherwise ?? null);
