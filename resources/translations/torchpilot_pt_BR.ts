<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="pt_BR" sourcelanguage="en">
<context>
    <name>Cli</name>
    <message>
        <source>SQLite database file (default: %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torchpilot: error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workload (default mlp).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Modes, comma separated; one process each (default eager,compiled).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dtypes, comma separated (default float32,bfloat16).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Minimum warmup iterations (default 20, or the preset&apos;s).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>n</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Minimum steady-state iterations (default 500, or the preset&apos;s).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Protocol preset of the runner: smoke, standard, loadgen.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shape catalog JSON; every case is measured.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequence length (encoder workloads).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seconds after which a run ends with status timeout.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training: report the time to reach this loss.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>x</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TorchScript file (workload torchscript).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TorchScript inputs, e.g. float32[64,128].</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>spec</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Intra-op threads.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch size.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prefix of the run keys (default pilot-&lt;time&gt;).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Path of torchpilot-runner.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torchpilot: error: --%1 must be a positive integer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: ok — steady %2/batch (p50 %3, p99 %4), %5 samples/s, first call %6 [run %7]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 — %3%4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> [run %1]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import run streams (.jsonl) or smoke.py results into the database.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Files to import.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FILE…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torchpilot: error: import needs at least one FILE</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1: %n run(s), %2 new sample(s), %3 already stored</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1: warning: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) stored in %1</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Run benchmark processes (one per mode and dtype) and store them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the article&apos;s pilot suite, store it, open the dashboard.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No display available (DISPLAY and WAYLAND_DISPLAY are unset): not opening the dashboard. Open it later with: torchpilot --db %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Fmt</name>
    <message>
        <source>s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>µs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ok</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>timeout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>incomplete</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Gates</name>
    <message>
        <source>Evaluate the five approval gates. Exit status 0 only when the decision is &apos;migrate&apos;; 1 keep or inconclusive; 2 bad input.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SQLite database file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print the whole report as JSON.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gate definitions JSON (default: the shipped one).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cost presets JSON (default: the shipped examples).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cost preset of the current path.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cost preset of the candidate.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The rollback path a reviewer recorded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torchpilot: error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> [runs %1]</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Runs excluded as invalid evidence: %n</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Decision: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Gui</name>
    <message>
        <source>torchpilot: error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TorchPilot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torchpilot: error: unknown page &apos;%1&apos; (pages: %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torchpilot: error: cannot write screenshot &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>screenshot written to %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LaunchRequest</name>
    <message>
        <source>Choose at least one mode.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose at least one dtype.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The TorchScript workload needs an existing model file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model inputs must look like float32[64,128] (several separated by &apos;;&apos;).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The shape catalog file does not exist.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Custom protocol: at least 1 steady iteration, no negative minimums.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch, sequence length and threads must be at least 1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only local runs are available for now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run key prefix may use letters, digits and . _ : @ / + - only (at most 120).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Main</name>
    <message>
        <source>torchpilot: error: no display available (DISPLAY and WAYLAND_DISPLAY are unset). Use QT_QPA_PLATFORM=offscreen with --screenshot, or a headless subcommand: import, run, pilot.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TorchPilot: measured evidence for moving a PyTorch workload from GPU to TPU.
Subcommands: import, run, pilot, gates (see &apos;torchpilot &lt;command&gt; --help&apos;).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SQLite database file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Render the main window to a PNG and exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Page to show first: runs, queue, panels, compare.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>name</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tp::CacheStateChart</name>
    <message>
        <source>First call: cold vs warm cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2 · %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First call: cold vs warm cache — no first call measured for %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First call: cold process vs warm cache — %1 (median)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First call by cache state — %1 (median; no %2 runs yet)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>first call, %1 (log)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 n=%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&lt;br&gt;%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cache state not reported</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tp::ChartPanel</name>
    <message>
        <source>run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 #%2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tp::ChartsPage</name>
    <message>
        <source>Loading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Histogram</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CDF</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How the latency distribution is drawn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Latency:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a run on the Runs page to chart it with its siblings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot chart run %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Charted: the selected run and the runs launched with the same run-key prefix (%1/…)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — %2 runs in the selection; %3 comparable (%4 · %5 · %6)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tp::ColdWarmChart</name>
    <message>
        <source>No run selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First&lt;br&gt;call</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warmup&lt;br&gt;mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steady&lt;br&gt;mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steady&lt;br&gt;p50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steady&lt;br&gt;p99</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — time per batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — first call is %2× the steady mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — no timings recorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cold (first call)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warmup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steady state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;center&gt;%1&lt;br&gt;&lt;b&gt;%2&lt;/b&gt;&lt;/center&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>time per batch (%1, log scale)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tp::CompareModel</name>
    <message>
        <source>Mean batch time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Median batch time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p99 batch time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Throughput (samples/s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>better</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>worse</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>inconclusive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dtype</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Threads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runner version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cache state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>BLAS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Candidate / baseline: below 1 the candidate is faster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Candidate / baseline: above 1 the candidate processes more samples per second</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No interval: a side has fewer than two steady samples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>95 % percentile-bootstrap interval of the ratio (fixed seed, reproducible)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The interval contains 1: the evidence does not separate the two sides</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not enough steady samples on one side</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The whole interval lies on one side of 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Metric</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ratio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>95 % CI</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tp::ComparePage</name>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing in particular</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preset:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compared on purpose:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Baseline runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Candidate runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Factor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Candidate / baseline&lt;/b&gt; (95 % bootstrap interval)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Confounders&lt;/b&gt; — amber: differs, not the compared axis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the runs: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Custom selection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 vs %2 — %3, %4 (#%5 vs #%6)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, valid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, invalid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#%1  %2  (%3%4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check at least one run on each side.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comparing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Baseline %1: %2 steady samples; candidate %3: %4 steady samples. %5 bootstrap resamples of at most %6 samples per side, fixed seed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not like for like: see the amber confounders</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Like for like: only the compared axis differs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mixed within a side</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>differs (the compared axis)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>differs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>same</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tp::FileImporter</name>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tp::LatencyChart</name>
    <message>
        <source>Latency distribution</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — no steady-state samples stored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steady-state latency — %1 (%2 samples)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>steady samples per bin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>time per batch (%1, log scale; log-spaced bins)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>time per batch (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>samples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fraction of steady samples ≤ x</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>time per batch (%1, log scale)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>% of samples ≤ x</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tp::LaunchDialog</name>
    <message>
        <source>New benchmark runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MLP (the article&apos;s 128→256→32)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transformer encoder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TorchScript model file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training: MLP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training: encoder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>eager</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compiled (TorchScript, frozen)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>float32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bfloat16</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Encoder workloads only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. float32[64,128];int64[64,16]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optional: JSON file of shapes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use the shipped catalog %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What to run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Workload:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Modes:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dtypes:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Batch:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Sequence length:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TorchScript &amp;model:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TorchScript model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TorchScript (*.pt *.pth *.ts);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model &amp;inputs:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shape &amp;catalog:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shape catalog</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON (*.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>smoke — seconds; checks a setup, not evidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>standard — ≥ 200 steady iterations and ≥ 2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loadgen — ≥ 1024 iterations and ≥ 60 s (MLPerf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>custom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How to measure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Protocol:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warmup (minimum):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steady iterations (minimum):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steady time (minimum):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Threads:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Deadline:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Local (this machine)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SSH host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kubernetes Job (GKE TPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>coming</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs that share a machine compete for cores and memory bandwidth and perturb each other&apos;s timings: keep 1 for figures you will compare.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>empty: the runner&apos;s &lt;workload&gt;/&lt;mode&gt;/&lt;dtype&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T&amp;arget:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parallel &amp;runs:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run &amp;key prefix:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queue 1 run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queue %1 runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 runner process</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 runner processes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to run yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, one per mode × dtype, run one at a time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, one per mode × dtype, up to %2 at once.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tp::LocalLauncher</name>
    <message>
        <source>torchpilot-runner not found (set TORCHPILOT_RUNNER or install it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled: runner killed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>runner crashed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>runner exited with code %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot start runner &apos;%1&apos;: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>runner produced no run</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tp::MainWindow</name>
    <message>
        <source>TorchPilot — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs in progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) are running or queued. Quit and cancel them?</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot open database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queue (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Panels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Charts</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1: %n run(s), first selected</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;New runs…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a workload, modes, dtypes and shapes, and queue the runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Reload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re-read the runs from the database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 run — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 runs — %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tp::PanelsPage</name>
    <message>
        <source>no data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not configured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not measured (CPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not applicable for local runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>extra execution</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>extra executions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>of 1 run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>of %1 runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>samples/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>of one core</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 per useful result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Completed runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Within deadline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Meeting the quality contract</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cost per useful result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Latency p50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Latency p90</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Latency p99</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Median of run p99</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Errors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queue wait</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time without progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU utilisation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak RAM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restarts / retries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accelerator memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Capacity wait</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Business</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Is the work done, in time, to the quality contract — and at what cost?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Application</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steady-state latency, throughput, errors, queue and stalls.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Infrastructure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the runs consumed and how often they had to run again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All workloads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All modes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All dtypes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All devices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All statuses</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All targets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last 24 hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last 30 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click to list the runs behind this figure (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot compute the panels: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 run selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 runs selected</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tp::PhaseChart</name>
    <message>
        <source>b=%1 s=%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>b=%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First call, warmup and steady state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run, b=%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&lt;br&gt;%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First call, warmup and steady state — no timings recorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First call vs warmup vs steady state, per mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First call vs warmup vs steady state, per mode and shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 per batch (log)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>first call (cold)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warmup mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>steady mean</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tp::QueueModel</name>
    <message>
        <source>queued</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled (never started)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>100 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>starting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 iterations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
run key: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time left in the steady phase, from the runner&apos;s progress lines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Elapsed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ETA</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tp::QueuePage</name>
    <message>
        <source>New runs…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a job to follow its runner&apos;s log (stderr).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>— %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queued: remove it. Running: stop the runner (SIGTERM); what it measured so far is kept, marked cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one at a time (parallel runs perturb each other&apos;s timings)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>up to %1 at once — parallel runs perturb each other&apos;s timings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 running, %2 queued; runs execute %3.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tp::RecentDatabasesMenu</name>
    <message>
        <source>Open &amp;Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1  —  %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (file not found)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No recent databases</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Clear Menu</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tp::RunDetailDialog</name>
    <message>
        <source>Run %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tp::RunDetailView</name>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timing (per batch)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First call (cold):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warmup mean:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steady mean:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steady p50:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steady p90:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steady p99:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Samples/s:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Outputs finite:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steady samples:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Validity:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Precision:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cache:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak RAM:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Environment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Torch:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Threads:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>BLAS:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>valid evidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;invalid&lt;/b&gt;: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not checked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (policy %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pass</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;fail&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a run to see its figures.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 is not in the store.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read run %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#%1 · started %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NO — non-finite outputs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2 threads)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tp::RunFilterBar</name>
    <message>
        <source>any</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search run key, workload, mode, status, error…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All workloads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All modes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All dtypes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All devices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All statuses</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs started on or after this day (local time)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs started on or before this day (local time)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show every run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>88,888 of 88,888 runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 runs</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tp::RunQueueWorker</name>
    <message>
        <source>run %1 is stored as it streams in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled before it started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: at least %2 iterations and %3 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: at least %2 iterations</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tp::RunsModel</name>
    <message>
        <source>valid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, precision fail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (no run_finished received)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Precision (%1): %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dtype</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First call</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steady mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steady p99</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Samples/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run id in the evidence store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time of the first (cold) call, per batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean time per batch in steady state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>99th percentile of steady-state batch time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steady-state throughput, samples per second</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>When the run started (local time)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where the run executed (local, SSH host, Kubernetes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Validity of the steady state and the precision verdict; invalid runs never count in the gates</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tp::RunsPage</name>
    <message>
        <source>Cannot read the runs: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No runs yet. Launch a benchmark, or drop result files (.jsonl, .json) here to import them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Drop to import %n result file(s) into this database.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Importing %n file(s)…</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Imported %n file(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>: %n run(s), </source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n new sample(s).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Not imported: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tp::SpeedupChart</name>
    <message>
        <source>%1×</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Eager → compiled speedup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Eager → compiled speedup — needs an eager and a compiled run of the same workload, dtype and device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Eager → compiled speedup — no shape measured by both runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>eager</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compiled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speedup %1 → %2 per shape (%1 mean ÷ %2 mean)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>speedup per shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>speedup (steady mean)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>b=%1 s=%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>b=%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;center&gt;%1&lt;br&gt;&lt;b&gt;%2&lt;/b&gt;&lt;/center&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shape (batch, sequence length)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1× (no change)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>geometric mean %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>speedup (×)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tp::ThroughputChart</name>
    <message>
        <source>Throughput vs batch size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s=%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Throughput vs batch size — no throughput measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Throughput vs batch size (steady state)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>batch size (log scale)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>batch size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>samples/s</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tp::TraceChart</name>
    <message>
        <source>Per-iteration time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — no per-iteration timings stored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per-iteration time — %1 (%2 iterations)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warmup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>steady state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>first call %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>iteration (0 = first call)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 per batch (log)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
