// What a stored session state is stamped with: the register layout it was
// written under, and the bundle's digest. Its own file so that the journal and
// the store interface both import it without importing each other.
import type { StateLayout } from "../model/state-layout.js";

export interface StateStamp {
  layout: StateLayout;
  /** Recorded beside the state (for the warning when the layout changes, and for people reading the file); not compared. */
  bundleDigest: string;
}
