// Preloaded (`node -r bench/cpu-report.cjs …`) into the processes bench/run.mjs
// times: at exit, append the process's CPU time (user + system, all threads,
// since it started; ms) to $GATEHOUSE_BENCH_CPU_FILE. On shared cores a
// process's wall time grows with the load; its CPU time much less.
const { appendFileSync } = require("node:fs");
const file = process.env.GATEHOUSE_BENCH_CPU_FILE;
if (file)
  process.on("exit", () => {
    const u = process.cpuUsage();
    appendFileSync(file, `${(u.user + u.system) / 1000}\n`);
  });
