// The event features the prefilter indexes artifacts by (src/bundle/requirements.ts):
// listed once per event, then every artifact's requirement is a set lookup.
import type { Classification } from "../model/classification.js";
import type { Event } from "../model/event.js";

export function eventFeatures(event: Event, classification: Classification): Set<string> {
  const features = new Set<string>();
  features.add(`tool:${event.tool_name}`);
  features.add(`event:${event.event_type}`);
  for (const e of classification.effects) {
    features.add(`verb:${e.verb}`);
    features.add(`tclass:${e.target_class}`);
  }
  for (const c of classification.simple) features.add(`program:${c.program}`);
  return features;
}
