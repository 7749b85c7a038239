// Render bench results (the JSON of bench/run.mjs) as Markdown tables: readable
// on a terminal and pasteable into docs/performance.md.

const fmt = (x, digits = 1) => (x === null || x === undefined || Number.isNaN(x) ? "–" : Number(x).toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits }));
const fmtRatio = (x) => (x === null || x === undefined ? "–" : `${Number(x).toFixed(2)}×`);
const int = (x) => (x === null || x === undefined ? "–" : Number(x).toLocaleString("en-US"));

function table(headers, rows, align) {
  const a = align ?? headers.map((_, i) => (i === 0 ? "l" : "r"));
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => "| " + cells.map((c, i) => (a[i] === "l" ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join(" | ") + " |";
  const sep = "|" + widths.map((w, i) => (a[i] === "l" ? ":" + "-".repeat(w + 1) : "-".repeat(w + 1) + ":")).join("|") + "|";
  return [line(headers), sep, ...rows.map(line)].join("\n");
}

const LAT_HEAD = ["µs", "n", "p50", "p90", "p99", "p99.9", "max", "mean"];
const latRow = (label, s) => (s ? [label, int(s.n), fmt(s.p50), fmt(s.p90), fmt(s.p99), fmt(s.p99_9), fmt(s.max), fmt(s.mean)] : [label, "–", "–", "–", "–", "–", "–", "–"]);
const RATIO_HEAD = ["ratio", "p50", "p90", "p99", "p99.9", "max"];
const ratioRow = (label, r) => (r ? [label, fmtRatio(r.p50), fmtRatio(r.p90), fmtRatio(r.p99), fmtRatio(r.p99_9), fmtRatio(r.max)] : [label, "–", "–", "–", "–", "–"]);

export function renderReport(r) {
  const out = [];
  const m = r.machine;
  out.push(`## Gatehouse benchmark${r.quick ? " (--quick: short run, figures are indicative only)" : ""}`);
  out.push("");
  out.push(
    `${r.generated_at} · engine ${r.engine_version} · commit ${r.git.commit ?? "?"}${r.git.dirty ? " (+ uncommitted changes)" : ""} · ${m.node} · ${m.cpu} × ${m.cpus} (shared) · load average ${m.load_average_start[0]} → ${m.load_average_end[0]}`,
  );
  out.push("");
  const cats = Object.entries(r.events.by_category)
    .map(([k, v]) => `${k} ${v}`)
    .join(", ");
  const peerIds = (r.events.peer_case_sources ?? []).reduce((n, s) => n + s.ids.length, 0);
  out.push(
    `Events: ${r.events.total} distinct (${cats}); Bash: ${r.events.by_category.bash} commands, ${peerIds} of them from ../shared/peer-cases. ` +
      `Warm-up ${r.method.warmup_passes} passes, then ${r.method.rounds} interleaved rounds; n = timed calls.`,
  );
  out.push("");
  for (const x of r.events.excluded ?? []) out.push(`**Left out** (throws in at least one configuration): ${x.category} event "${x.label}" — ${x.error}`);
  out.push(
    `Bundles: default (${r.bundles.default.artifacts} artifacts) and generated (${int(r.bundles.generated.atoms)} atoms: ${r.bundles.generated.t1} t1, ${r.bundles.generated.t2} t2, ${r.bundles.generated.exception} exceptions, ${r.bundles.generated.monitor} monitor; seed ${r.bundles.generated.seed}; skipped ${r.bundles.generated.skipped}).`,
  );
  out.push("");

  out.push("### evaluate latency");
  out.push("");
  const L = r.latency_us;
  out.push(
    table(LAT_HEAD, [
      latRow("default bundle, WASM", L.default_wasm),
      latRow("default bundle, twin", L.default_twin),
      latRow("default bundle, prefilter off", L.default_nopf),
      latRow("2,000 atoms, WASM", L.gen_wasm),
      latRow("2,000 atoms, twin", L.gen_twin),
      latRow("2,000 atoms, prefilter off", L.gen_nopf),
      latRow("2,000 atoms + 10,000 unmatchable, WASM", L.gen10k_wasm),
      latRow("empty bundle (0 atoms), WASM", L.empty_wasm),
      latRow("classify only (parse + classify)", L.classify),
      latRow("classify, every command distinct", L.classify_distinct),
      latRow("default bundle, every command distinct", L.default_distinct),
    ]),
  );
  out.push("");
  if (r.summary) {
    out.push("**Targets** (SPEC §13 / issue 13, all in this one run; reported, never asserted):");
    out.push("");
    out.push(table(["target", "this run", "met"], r.summary.targets.map((t) => [t.target, t.value === null ? "not measured" : `${fmt(t.value)} ${t.unit}`, t.met === null ? "–" : t.met ? "yes" : "**no**"]), ["l", "r", "l"]));
    out.push("");
  }
  const u = r.unmatchable;
  if (u) {
    out.push(
      `**${int(u.artifacts_added)} unmatchable artifacts** added to the 2,000: p50 ${fmt(u.p50_us_without)} → ${fmt(u.p50_us_with)} µs (Δ ${fmt(u.p50_delta_us)} µs; per round Δ ${fmt(u.per_round_p50_delta_us.min)} … ${fmt(u.per_round_p50_delta_us.max)}, median ${fmt(u.per_round_p50_delta_us.median)}); decisions identical on ${r.agreement.generated_unmatchable.events - r.agreement.generated_unmatchable.mismatches}/${r.agreement.generated_unmatchable.events} events.`,
    );
    out.push("");
  }
  const it = r.intrinsic_tail_us;
  if (it?.gen_wasm) {
    out.push(
      `Tail without the noise: each event's fastest timed call — the slowest event (${it.gen_wasm.slowest_event}) takes ${fmt(it.gen_wasm.slowest_event_best_us)} µs with 2,000 atoms, ${fmt(it.default_wasm?.slowest_event_best_us)} µs with the default bundle; p99 over the events' best calls ${fmt(it.gen_wasm.p99_of_event_bests_us)} / ${fmt(it.default_wasm?.p99_of_event_bests_us)} µs.`,
    );
    out.push("");
  }
  const al = r.allocation_bytes_per_event;
  if (al) {
    const f = (x) => (x === null || x === undefined ? "–" : int(x));
    out.push(`Allocation per evaluate (bytes, ${al.method}): default bundle ${f(al.default_bundle?.all)} (Bash ${f(al.default_bundle?.bash)}, file ${f(al.default_bundle?.file)}, post ${f(al.default_bundle?.post)}); 2,000 atoms ${f(al.generated_bundle?.all)} (Bash ${f(al.generated_bundle?.bash)}).`);
    out.push("");
  }
  const cg = r.classify_gc;
  if (cg) {
    const line = (name, x) => `${name} p50 ${fmt(x.p50_us)} / p99 ${fmt(x.p99_us)} µs (calls no collection touched: ${fmt(x.p50_us_without_gc)} / ${fmt(x.p99_us_without_gc)}); ${int(x.tail_calls_with_gc)} of the ${int(x.tail_calls_at_or_over_p99)} calls at or over the p99 had a pause inside; pauses ${fmt(x.gc_share_of_time * 100)} % of the calls' time`;
    out.push(`GC in the tail (bench/classify-gc.mjs, a process of its own, default bundle, ${int(cg.classify.calls)} calls each, ${int(cg.gc_pauses)} pauses): ${line("classify", cg.classify)}; ${line("evaluate", cg.evaluate_default)}.`);
    out.push("");
  }
  const b = r.budget;
  out.push(
    `**Budget** (${b.rule}): 2,000-atom WASM p99 = **${fmt(b.generated_wasm_p99_us)} µs** vs ${int(b.budget_us)} µs → ${b.within === null ? "not measured" : b.within ? "within budget" : "OVER budget"} (reported, not asserted); p50 ${fmt(b.generated_wasm_p50_us)} µs; p99 of the quietest round ${fmt(b.generated_wasm_p99_quietest_round_us)} µs.`,
  );
  out.push("");
  const rs = r.rounds_us;
  if (rs) {
    const rows = Object.entries(rs).map(([k, v]) => [L[k]?.label ?? k, `${fmt(v.p50.min)} – ${fmt(v.p50.max)}`, `${fmt(v.p99.min)} – ${fmt(v.p99.max)}`, v.cpu_share.toFixed(2)]);
    out.push(`Noise: spread of the per-round percentiles over ${r.method.rounds} rounds, and CPU time ÷ wall time of the timed calls (below 1: the process was waiting for a core; overall ${r.cpu_share_timed.toFixed(2)}).`);
    out.push("");
    out.push(table(["configuration", "p50 per round", "p99 per round", "CPU ÷ wall"], rows));
    out.push("");
  }
  const g = r.gc_during_timed_rounds;
  if (g) {
    out.push(`GC during the timed rounds: ${int(g.pauses)} pauses, ${fmt(g.total_ms)} ms in total, longest ${fmt(g.max_ms)} ms, ${int(g.over_1ms)} over 1 ms (heap ${fmt(g.heap_used_mb_at_start)} MB with all engines loaded).`);
    out.push("");
  }

  out.push("### Ratios per percentile");
  out.push("");
  const R = r.ratios;
  out.push(
    table(RATIO_HEAD, [
      ratioRow("WASM ÷ twin, default bundle", R.wasm_over_twin_default),
      ratioRow("WASM ÷ twin, 2,000 atoms", R.wasm_over_twin_generated),
      ratioRow("prefilter off ÷ on, default bundle", R.prefilter_off_over_on_default),
      ratioRow("prefilter off ÷ on, 2,000 atoms", R.prefilter_off_over_on_generated),
      ratioRow("2,000 atoms ÷ default bundle (WASM)", R.generated_over_default_wasm),
    ]),
  );
  out.push("");
  out.push("WASM ÷ twin below 1 means the WASM hot path is faster; prefilter off ÷ on above 1 is what the prefilter saves.");
  out.push("");

  out.push("### Where the time goes (medians, µs)");
  out.push("");
  const s = r.split;
  out.push(
    table(
      ["part", "p50 µs"],
      [
        ["shell parse + classify (classify only)", fmt(s.classify_p50_us)],
        ["evaluate, empty bundle (classify + event parse + haystack scan + decision)", fmt(s.empty_bundle_evaluate_p50_us)],
        ["  of which not classify", fmt(s.rest_of_evaluate_p50_us)],
        ["evaluate, default bundle", fmt(s.default_evaluate_p50_us)],
        ["  added by the default bundle's atoms", fmt(s.default_atoms_add_p50_us)],
        ["evaluate, 2,000 atoms", fmt(s.generated_evaluate_p50_us)],
        ["  added by 2,000 atoms", fmt(s.generated_atoms_add_p50_us)],
        ["  per atom (ns)", s.per_atom_ns_generated === null ? "–" : int(s.per_atom_ns_generated)],
      ],
    ),
  );
  out.push("");

  out.push("### By event category (p50 / p99 µs)");
  out.push("");
  const C = r.latency_by_category_us;
  const catNames = Object.keys(r.events.by_category);
  const pp = (x) => (x ? `${fmt(x.p50)} / ${fmt(x.p99)}` : "–");
  out.push(
    table(
      ["category (events)", "classify", "default, WASM", "default, twin", "2,000, WASM", "2,000, twin", "2,000, prefilter off"],
      catNames.map((c) => [`${c} (${r.events.by_category[c]})`, pp(C.classify?.[c]), pp(C.default_wasm?.[c]), pp(C.default_twin?.[c]), pp(C.gen_wasm?.[c]), pp(C.gen_twin?.[c]), pp(C.gen_nopf?.[c])]),
    ),
  );
  out.push("");

  out.push(`### Peer on the same distinct Bash commands (in-process)`);
  out.push("");
  const P = r.peer;
  if (!P.peer.installed) out.push(`cc-safety-net: ${P.peer.note}.`);
  else {
    out.push(`Every call a command text no configuration saw before (${int(P.distinct_base_commands)} distinct commands from the corpus, the peer cases and the built-in list; later passes behind a comment line); the peer ran the first ${int(P.calls.peer)} of the sequence Gatehouse ran.`);
    out.push("");
    out.push(
      table(LAT_HEAD, [
        latRow("Gatehouse, classify only", P.gatehouse_classify_distinct),
        latRow("Gatehouse, default bundle, WASM", P.gatehouse_default_distinct),
        latRow(`${P.peer.name} ${P.peer.version} checkCommand`, P.peer_distinct),
      ]),
    );
    out.push("");
    out.push(
      table(RATIO_HEAD, [
        ratioRow("peer ÷ Gatehouse default", P.peer_over_gatehouse_default),
        ratioRow("peer ÷ Gatehouse classify", P.peer_over_gatehouse_classify),
      ]),
    );
    out.push("");
    const v = (o) => (o ? Object.entries(o).map(([k, n]) => `${k} ${n}`).join(", ") : "–");
    out.push(`Verdicts on the peer's ${int(P.calls.peer)} commands — peer: ${v(P.verdicts.peer)}; Gatehouse default bundle: ${v(P.verdicts.gatehouse_default)} (different policies; see ../shared/peer-cases/README.md).`);
  }
  out.push("");

  if (r.daemon) {
    out.push("### Daemon (`gatehouse serve`, ms)");
    out.push("");
    if (r.daemon.error) out.push(`Not measured: ${r.daemon.error}`);
    else {
      const D = r.daemon;
      const cpu = (x) => (x.server_cpu_us_per_request === null || x.server_cpu_us_per_request === undefined ? "–" : int(x.server_cpu_us_per_request));
      const hits = (x) => (x.classify_cache ? `${int(x.classify_cache.hits)} / ${int(x.classify_cache.misses)}` : "–");
      const row = (label, x) => [label, fmt(x.latency_us.p50 / 1000, 2), fmt(x.latency_us.p90 / 1000, 2), fmt(x.latency_us.p99 / 1000, 2), fmt(x.latency_us.p99_9 / 1000, 2), int(x.requests_per_s), cpu(x), hits(x)];
      out.push(`${D.route}; ${int(D.requests)} requests per row after a warm-up, keep-alive connections, client in this process.`);
      out.push("");
      const rows = [row("serve, repeated commands, 1 in flight", D.serve.in_flight_1), row("serve, repeated commands, 32 in flight", D.serve.in_flight_32)];
      if (D.serve_distinct) rows.push(row("serve, every command distinct, 1 in flight", D.serve_distinct.in_flight_1), row("serve, every command distinct, 32 in flight", D.serve_distinct.in_flight_32));
      rows.push(row("bare node http {}, 1 in flight", D.bare_node_http.in_flight_1), row("bare node http {}, 32 in flight", D.bare_node_http.in_flight_32));
      out.push(table(["ms", "p50", "p90", "p99", "p99.9", "requests/s", "server CPU µs/request", "cache hits / misses"], rows));
      if (D.in_process_evaluate_cpu_us != null)
        out.push("", `Server CPU per request over an in-process \`evaluate\` of the same calls (library, no cache: ${int(D.in_process_evaluate_cpu_us)} µs CPU a call, this run): ${D.server_cpu_over_in_process?.in_flight_1 ?? "–"}× at 1 in flight, ${D.server_cpu_over_in_process?.in_flight_32 ?? "–"}× at 32 (issue 21: ≤ 2×).`);
      const c = D.classify_cache;
      if (c) out.push("", `Classification cache at the end of the run: ${int(c.entries)} entries, ${int(c.hits)} hits, ${int(c.misses)} misses, ${int(c.uncached)} not cacheable.`);
    }
    out.push("");
  }

  out.push("### Process wall time per call (ms)");
  out.push("");
  if (r.process === null) out.push("Not measured (--no-process).");
  else {
    const bareCpu = r.process.commands.node_bare?.cpu_ms?.median ?? null;
    const rows = Object.entries(r.process.commands).map(([key, c]) => [
      c.label,
      int(c.n),
      fmt(c.median),
      fmt(c.p90),
      fmt(c.min),
      c.over_bare_node_median_ms === undefined ? "–" : fmt(c.over_bare_node_median_ms),
      c.cpu_ms ? fmt(c.cpu_ms.median) : "–",
      key.startsWith("node_bare") ? "–" : typeof c.cpu_over_bare_node_median_ms === "number" ? fmt(c.cpu_over_bare_node_median_ms) : c.cpu_ms && bareCpu !== null ? fmt(c.cpu_ms.median - bareCpu) : "–",
      c.exit_status.join(","),
    ]);
    out.push("Wall time of each spawn (what an agent waits for) and, where measured, the process's own CPU time (all threads; less sensitive to the load).");
    out.push("");
    out.push(table(["command", "runs", "median", "p90", "min", "+ over node", "CPU median", "CPU + over node", "exit"], rows));
    for (const n of r.process.not_measured) out.push(`- not measured: ${n}`);
  }
  out.push("");

  const byNode = nodeVersionsSummary(r);
  if (byNode !== null && byNode.length > 1) {
    out.push("### Node versions side by side");
    out.push("");
    out.push("Each hook figure is over the same Node's bare start (`node -e 0`), in the same interleaved rounds; `evaluate` from bench/evaluate-node.mjs run alike on each.");
    out.push("");
    const us = (x) => (x === null ? "–" : `${fmt(x.p50)} / ${fmt(x.p99)}`);
    out.push(
      table(
        ["Node", "bare node ms (CPU)", "in-process hook + ms (CPU)", "install's hook (--daemon auto) + ms (CPU)", "peer hook + CPU ms", "evaluate default p50 / p99 µs", "2,000 atoms p50 / p99 µs"],
        byNode.map((v) => [v.node, `${fmt(v.bare_node_ms)} (${fmt(v.bare_node_cpu_ms)})`, `${fmt(v.hook_over_node_ms)} (${fmt(v.hook_over_node_cpu_ms)})`, `${fmt(v.auto_hook_over_node_ms)} (${fmt(v.auto_hook_over_node_cpu_ms)})`, fmt(v.peer_hook_over_node_cpu_ms), us(v.evaluate_default_us), us(v.evaluate_2000_atoms_us)]),
      ),
    );
    for (const n of r.node_versions?.not_measured ?? []) out.push(`- not measured: ${n}`);
    out.push("");
  }

  out.push("### Load (ms)");
  out.push("");
  const cold = r.load_ms.cold;
  if (cold) {
    const rows = Object.entries(cold.subjects).map(([k, c]) => [k.replace("generated", "2,000 atoms").replace("_", ", "), fmt(c?.import_ms), fmt(c?.first_load_ms), fmt(c?.second_load_ms), fmt(c?.first_evaluate_ms)]);
    out.push(`Cold: a fresh process per sample, median of ${cold.runs}. Load = loadEngine (grammar read + Engine.load of the bundle's JSON text).`);
    out.push("");
    out.push(table(["bundle, implementation", "import dist", "first load", "second load", "first evaluate"], rows));
    out.push("");
  }
  const w = r.load_ms.warm_in_process;
  out.push(`Warm, in this process (after one-time WASM/tree-sitter compilation): default ${fmt(w.default_wasm)} (twin ${fmt(w.default_twin)}), 2,000 atoms ${fmt(w.gen_wasm)} (twin ${fmt(w.gen_twin)}), empty ${fmt(w.empty_wasm)}.`);
  out.push("");

  out.push("### Memory");
  out.push("");
  const M = r.memory;
  out.push(
    table(
      ["figure", "bytes"],
      [
        ["WASM linear memory per event (PER_EVENT_MEMORY_BYTES, fixed)", int(M.per_event_wasm_memory_bytes)],
        ["  input region / haystack / hit bitset", `${int(M.per_event_parts.INPUT_CAP)} / ${int(M.per_event_parts.HAYSTACK_CAP)} / ${int(M.per_event_parts.BITSET_CAP)}`],
        ["WASM module (build/gatehouse.wasm)", int(M.wasm_module_bytes)],
        [`session state, default bundle (layout ${layoutText(M.default_bundle.layout)})`, int(M.default_bundle.session_state_bytes)],
        [`session state, 2,000 atoms (layout ${layoutText(M.generated_bundle.layout)})`, int(M.generated_bundle.session_state_bytes)],
        ["  as JSON (state dir), blank / after the run", `${int(M.generated_bundle.blank_state_json_bytes)} / ${int(M.generated_bundle.state_json_bytes_after_run)}`],
      ],
    ),
  );
  out.push("");
  const a = r.agreement;
  out.push(
    `Sanity: WASM, twin and prefilter-off gave byte-identical envelopes on ${a.default.events - a.default.mismatches}/${a.default.events} events (default) and ${a.generated.events - a.generated.mismatches}/${a.generated.events} (2,000 atoms). Run time ${r.wall_time_s} s.`,
  );
  return out.join("\n");
}

function layoutText(l) {
  return `c${l.c} f${l.f} t${l.t} a${l.a}${l.run ? " +run" : ""}`;
}

/** Per Node version: the hook's start over that Node's bare start (wall, CPU), the peer's, and `evaluate`'s percentiles. */
export function nodeVersionsSummary(r) {
  const P = r.process?.commands;
  if (P === undefined || P === null) return null;
  const versions = [r.machine.node, ...Object.keys(r.node_versions?.evaluate ?? {}).filter((v) => v !== r.machine.node)];
  return versions.map((version) => {
    const tag = version === r.machine.node ? "" : `_node${version.slice(1).split(".")[0]}`;
    const hook = P[`gatehouse_hook_claude${tag}`] ?? null;
    const auto = P[`gatehouse_hook_claude_auto${tag}`] ?? null;
    const peerHook = P[`peer_hook_claude${tag}`] ?? null;
    const bare = P[`node_bare${tag}`] ?? null;
    const ev = r.node_versions?.evaluate?.[version] ?? null;
    return {
      node: version,
      bare_node_ms: bare?.median ?? null,
      bare_node_cpu_ms: bare?.cpu_ms?.median ?? null,
      hook_over_node_ms: hook?.over_bare_node_median_ms ?? null,
      hook_over_node_cpu_ms: hook?.cpu_over_bare_node_median_ms ?? null,
      // install claude's hook (--daemon auto), from its second call: the forwarder to the daemon it started.
      auto_hook_over_node_ms: auto?.over_bare_node_median_ms ?? null,
      auto_hook_over_node_cpu_ms: auto?.cpu_over_bare_node_median_ms ?? null,
      peer_hook_over_node_cpu_ms: peerHook?.cpu_over_bare_node_median_ms ?? null,
      evaluate_default_us: ev === null ? null : { p50: ev.default_wasm.p50, p99: ev.default_wasm.p99 },
      evaluate_2000_atoms_us: ev === null ? null : { p50: ev.gen_wasm.p50, p99: ev.gen_wasm.p99 },
    };
  });
}
