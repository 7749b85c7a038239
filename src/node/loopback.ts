// Whether a host is a loopback address, with Node's own IP literal parser:
// what the daemon may bind (src/daemon/guard.ts), what a forwarding hook may
// send an event to (src/node/hook-forward.ts) and what `install --daemon`
// accepts — one answer for the three.
import { isIPv4, isIPv6 } from "node:net";
import { parseIPv6 } from "../net/ip.js";

/** 127.0.0.0/8 or ::1 — the only addresses the daemon binds. */
export function isLoopbackAddress(host: string): boolean {
  if (isIPv4(host)) return host.startsWith("127.");
  if (isIPv6(host)) {
    const hextets = parseIPv6(host);
    return hextets !== null && hextets.slice(0, 7).every((h) => h === 0) && hextets[7] === 1;
  }
  return false;
}
