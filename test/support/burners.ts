// CPU-bound processes beside a test (`yes > /dev/null`), so two shared cores
// are busier still: the state tests must give exact results under that load.
import { spawn, type ChildProcess } from "node:child_process";

export interface Burners {
  stop(): Promise<void>;
}

export function startBurners(count = 2): Burners {
  const children: ChildProcess[] = Array.from({ length: count }, () => spawn("yes", [], { stdio: ["ignore", "ignore", "ignore"] }));
  return {
    async stop() {
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              child.once("exit", () => resolve());
              child.kill("SIGKILL");
            }),
        ),
      );
    },
  };
}
