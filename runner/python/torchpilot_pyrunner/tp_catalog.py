"""Shape catalogs (model/contract/catalog.cpp: file format, defaults and error messages) and the catalog
run of runner/engine/checks.cpp runCatalog: per case a reshape, a timed first call, warmup, steady state,
one shape_case event (with the compile counters' deltas of the case and, in compiled mode, what
compiling it cost and did: tp_compile.CompileWatch), then the bucketing comparison and a
catalog_summary event."""
import bisect

from .tp_contract import BadInput, diagnostic
from .tp_jsonfile import dump, is_int, is_number, read_json_file
from .tp_stats import compute_stats


# The most shape cases one catalog may make, and entries one of its arrays may hold (the C++
# runner's kMaxCatalogCases, model/contract/catalog.h).
MAX_CATALOG_CASES = 4096


def _positive_ints(j, field, origin, required):
    if field not in j:
        if required:
            raise BadInput("%s: field '%s' is required" % (origin, field))
        return []
    v = j[field]
    if not isinstance(v, list) or (required and not v):
        raise BadInput("%s: field '%s' must be a non-empty array of positive integers" % (origin, field))
    if len(v) > MAX_CATALOG_CASES:
        raise BadInput("%s: field '%s' holds %d entries, over the limit of %d"
                       % (origin, field, len(v), MAX_CATALOG_CASES))
    out = []
    for i, x in enumerate(v):
        if not is_int(x) or x <= 0 or x > (1 << 31):
            raise BadInput("%s: %s[%d] must be a positive integer, got %s" % (origin, field, i, dump(x)))
        out.append(x)
    return out


def _positive_int(j, field, fallback, origin):
    if field not in j:
        return fallback
    v = j[field]
    if not is_int(v) or v < 1 or v > 1000000:
        raise BadInput("%s: field '%s' must be an integer between 1 and 1000000" % (origin, field))
    return v


class ShapeCatalog:
    def __init__(self):
        self.name = ""
        self.version = 1
        self.batch_sizes, self.seq_lens, self.dtypes = [], [], []
        self.warmup = 3
        self.iterations = 20
        self.slow_first_call_ratio = 5.0
        self.buckets, self.observed_seq_lens = [], []

    def cases(self, has_sequence):
        out = []
        for b in self.batch_sizes:
            if not has_sequence or not self.seq_lens:
                out.append((b, 0))
                continue
            out.extend((b, s) for s in self.seq_lens)
        return out


def parse_catalog(j, origin):
    if not isinstance(j, dict):
        raise BadInput(origin + ": a shape catalog must be a JSON object")
    c = ShapeCatalog()
    name = j.get("name")
    if not isinstance(name, str) or not name:
        raise BadInput(origin + ": field 'name' must be a non-empty string")
    c.name = name
    c.version = _positive_int(j, "version", 1, origin)
    c.batch_sizes = _positive_ints(j, "batch_sizes", origin, True)
    c.seq_lens = _positive_ints(j, "seq_lens", origin, False)
    if len(c.batch_sizes) * max(len(c.seq_lens), 1) > MAX_CATALOG_CASES:
        raise BadInput("%s: %d batch sizes \u00d7 %d sequence lengths make more than %d shape cases"
                       % (origin, len(c.batch_sizes), len(c.seq_lens), MAX_CATALOG_CASES))
    if "dtypes" in j:
        d = j["dtypes"]
        if not isinstance(d, list):
            raise BadInput(origin + ": field 'dtypes' must be an array of strings")
        for i, v in enumerate(d):
            if not isinstance(v, str) or v not in ("float32", "bfloat16", "float16"):
                raise BadInput("%s: dtypes[%d] must be one of float32, bfloat16, float16, got %s"
                               % (origin, i, dump(v)))
            c.dtypes.append(v)
    c.warmup = _positive_int(j, "warmup", c.warmup, origin)
    c.iterations = _positive_int(j, "iterations", c.iterations, origin)
    if "slow_first_call_ratio" in j:
        r = j["slow_first_call_ratio"]
        if not is_number(r) or r <= 1:
            raise BadInput(origin + ": field 'slow_first_call_ratio' must be a number above 1")
        c.slow_first_call_ratio = float(r)
    if "bucketing" in j:
        b = j["bucketing"]
        if not isinstance(b, dict):
            raise BadInput(origin + ": field 'bucketing' must be an object")
        where = origin + ": bucketing"
        c.buckets = _positive_ints(b, "seq_len_buckets", where, True)
        if c.buckets != sorted(c.buckets):
            raise BadInput(where + ".seq_len_buckets must be in ascending order")
        c.observed_seq_lens = _positive_ints(b, "observed_seq_lens", where, True)
    return c


def load_catalog(path):
    return parse_catalog(read_json_file(path, "shape catalog"), path)


def analyse_bucketing(observed, buckets):
    exact, bucketed = set(), set()
    real = padded = unbucketable = 0
    for length in observed:
        exact.add(length)
        i = bisect.bisect_left(buckets, length)
        b = buckets[i] if i < len(buckets) else length
        if b == length and length not in buckets:
            unbucketable += 1
        bucketed.add(b)
        real += length
        padded += b
    return {"distinct_shapes_exact": len(exact), "distinct_shapes_bucketed": len(bucketed),
            "padding_waste": float(padded - real) / padded if padded > 0 else 0.0,
            "unbucketable": unbucketable, "observed": len(observed)}


def run_catalog(catalog, w, call, control, emitter, watch):
    """Every case of the catalog on `w`; `watch` (tp_compile.CompileWatch) says per case what
    dynamo and TorchTPU compiled. In compiled mode a case also carries compile_seconds (its first
    call minus its steady median: torch.compile compiles a new shape at its first call)."""
    has_sequence = "seq_len" in w.shape()
    slow = cases = 0
    for batch, seq_len in catalog.cases(has_sequence):
        control.check()
        before = watch.begin()
        if not w.reshape(batch, seq_len if seq_len else w.seq_len):
            raise RuntimeError("this workload cannot change its input shape")
        first = call()
        for _ in range(catalog.warmup):
            call()
        steady = []
        for _ in range(catalog.iterations):
            control.check()
            steady.append(call())
        facts, delta = watch.end(before, (batch, seq_len if has_sequence else 0))
        st = compute_stats(steady)
        ratio = first / st.median if st.median > 0 else 0.0
        is_slow = ratio > catalog.slow_first_call_ratio
        slow += int(is_slow)
        cases += 1
        e = {"batch": batch, "first_call_seconds": first, "first_call_ratio": ratio,
             "slow_first_call": is_slow, "steady_iterations": st.n, "mean_seconds": st.mean,
             "p50_seconds": st.median, "p99_seconds": st.p99,
             "samples_per_second": float(batch) / st.mean if st.mean > 0 else 0.0,
             "finite": w.output_finite(), "compile_counters": delta}
        if has_sequence:
            e["seq_len"] = seq_len
        if watch.compiled:
            e["compile_seconds"] = max(0.0, first - st.median)
        e.update(facts)
        if facts.get("eager_fallback") is True:
            diagnostic("warning: shape batch %d%s ran eagerly: dynamo hit its recompile limit"
                       % (batch, " seq_len %d" % seq_len if has_sequence else ""))
        emitter.event("shape_case", e)
    summary = {"name": catalog.name, "version": catalog.version, "cases": cases,
               "slow_first_calls": slow, "slow_first_call_ratio": catalog.slow_first_call_ratio}
    if catalog.buckets:
        summary["bucketing"] = analyse_bucketing(catalog.observed_seq_lens, catalog.buckets)
    emitter.event("catalog_summary", summary)
    return summary
