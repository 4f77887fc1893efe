"""One run of the Python runner, in the order of runner/engine/engine.cpp: input files checked first (a
bad catalog, policy or checkpoint directory is bad input: exit 2, nothing on stdout), then
run_started, build (+ resume), compile, the phases (training: train_step lines and checkpoints,
each step's batch copy timed apart: phase h2d), the h2d/d2h phases (--transfers), the profile
(--profile-steps), the synchronize self-check (accelerators), the precision check, the shape
catalog, resources and run_finished. Exit status: 0 ok, 1 failed, 124 deadline, 128+N cancelled
by signal N.

Compiled mode: torch.compile is lazy, so what compiling cost is measured at the first call of
each shape (first call minus that shape's steady median, summary.compile_method); compiled calls
run under torch.no_grad(), not inference_mode (TorchTPU's error glossary: torch.compile cannot
capture graphs under inference_mode); the recompile limit is raised where the shapes of the run
outnumber it, and tp_compile.CompileWatch reports per shape what dynamo compiled and whether it
ran the shape eagerly."""
import math
import time

from .tp_contract import (CONTRACT_REVISION, EXIT_FAILED, EXIT_OK, BadInput, StopRequested,
                          diagnostic, utc_now)
from .tp_protocol import (Measurements, PhaseSettings, RunControl, Watchdog, assess_run,
                         resource_usage, run_phases, summary_json)


class Engine:
    def __init__(self, o, emitter, start):
        self.o = o
        self.emitter = emitter
        self.start = start
        self.control = RunControl(o.deadline, start)
        self.policy = None
        self.catalog = None
        self.training = None
        self.dist = None
        self.started = False  # run_started written
        self.cache_state = "cold"
        self.dynamic = "auto"
        self.shape_keys = None
        self.precision_mode = "not available"
        self.profile_dir = None
        from .tp_readiness import ReadinessClock
        self.ready = ReadinessClock(start)  # time to ready, stage by stage (inference runs)

    def _check_inputs(self):
        """The input files, before torch loads (its import may write to stderr: torch_tpu's
        warnings, libtpu's logs), so that a bad one is one line on stderr and exit 2."""
        from . import tp_catalog
        from . import tp_policy
        o = self.o
        self.policy, origin = tp_policy.load_policy(o.precision_policy)
        if o.precision and o.dtype not in self.policy["tolerances"]:
            raise BadInput("%s: precision policy '%s' has no tolerance for dtype '%s'"
                           % (origin, self.policy["name"], o.dtype))
        if o.catalog:
            self.catalog = tp_catalog.load_catalog(o.catalog)
        if o.profile_steps > 0:
            from . import tp_profile
            self.profile_dir = tp_profile.prepare_dir(o.profile_dir)
            tp_profile.check_trace_paths(self.profile_dir, o.execution_key, o.device)
        if o.training and o.distributed:
            from . import tp_dist_checkpoint
            self.training = tp_dist_checkpoint.DistTrainingRun(o)
        elif o.training:
            from . import tp_checkpoint
            self.training = tp_checkpoint.TrainingRun(o)

    def _timed_call(self, w):
        """One timed call of `w`, bracketed by the device synchronize (none on cpu): built once, so
        the timed window holds the call and the two clock reads, no lookups."""
        clock, forward, sync = time.perf_counter, w.forward, self.accel.sync_function()
        if sync is None:
            def timed():
                t0 = clock()
                forward()
                return clock() - t0
        else:
            def timed():
                sync()
                t0 = clock()
                forward()
                sync()
                return clock() - t0
        return timed

    def run(self):
        self._check_inputs()  # BadInput propagates: exit 2
        import torch
        self.ready.end("imports")
        from . import tp_accel
        from . import tp_caches
        from . import tp_env
        from . import tp_serving
        from .tp_workload_factory import make_workload
        o = self.o
        try:
            torch.set_num_interop_threads(1)
        except RuntimeError as e:
            diagnostic("warning: could not set inter-op threads: %s" % e)
        torch.set_num_threads(o.threads)
        self.blas_threads = tp_env.set_blas_threads(o.threads)
        device = o.device
        if device == "auto":
            device = tp_accel.auto_device(torch)
            if device == "tpu" and o.distributed:
                raise BadInput("--device auto found a TPU: a distributed TPU run needs --device "
                               "tpu, so that TorchTPU's launch environment is checked and its "
                               "group exported before TorchTPU starts")
        torch_tpu, bringup = None, None
        if device == "tpu":
            torch_tpu = tp_accel.import_torch_tpu()
            bringup = tp_accel.bring_up_tpu(torch, torch_tpu)
        self.device = device
        self.accel = tp_accel.Accelerator(torch, device, torch_tpu)
        self.cpu_accel = tp_accel.Accelerator(torch, "cpu")
        self.ready.end("device_init")
        w = make_workload(o, device, self.accel)
        if o.workload in ("exported", "python", "train-python"):
            w.preload()  # a missing torch.export, a refused .pt2 or a bad factory is bad input
        dist_error = self._join_group(torch, device, torch_tpu) if o.distributed else None
        from . import tp_compile
        # Inductor's FX graph cache is this run's only where it compiles with inductor (an eager
        # run finds it full after any earlier compiled run); TorchTPU's backend goes through
        # AOTAutograd's cache instead.
        backend = tp_compile.chosen_backend(device, o.backend) if o.mode == "compiled" else None
        cache = tp_caches.cache_facts(self.accel, o.cache_dir,
                                      o.distributed.world_size if o.distributed else 1,
                                      uses_inductor=backend == "inductor",
                                      uses_aot_autograd=backend == "tpu")
        cache_state = "warm" if o.warm_start else cache["state"]
        self.ready.cache_state = cache["state"]
        self.cache_state = cache_state

        env = tp_env.run_environment(torch, self.accel, o, tp_env.planned_compiler(torch, o),
                                     self.blas_threads)
        env["compile_cache"] = cache
        self.precision_mode = tp_accel.matmul_precision_mode(env["precision"], device) or \
            tp_accel.NA
        if bringup:
            env["torch_tpu_bringup"] = bringup
        if o.mode == "compiled":
            env["compile"] = self._compile_settings(torch, w)
        if o.allow_unsafe_pt2:
            env["allow_unsafe_pt2"] = True
        env["protocol"] = {"preset": o.preset, "warmup_min": o.warmup,
                           "warmup_max": max(o.max_warmup, o.warmup), "warmup_window": o.warmup_window,
                           "warmup_tolerance": o.warmup_cv, "steady_min_iterations": o.iterations,
                           "steady_min_seconds": o.min_time, "deadline_seconds": o.deadline,
                           "steps": o.steps or 0,  # > 0: fixed warmup, the rest is steady
                           "precision_policy": self.policy["name"],
                           "profile_steps": o.profile_steps, "transfers": o.transfers,
                           "pinned": o.pinned, "contract_revision": CONTRACT_REVISION,
                           "scenario": tp_serving.scenario_environment(o)}
        if self.catalog:
            env["catalog"] = self.catalog.name
        if o.inject_fault != "none":
            env["inject_fault"] = o.inject_fault
        if self.training and self.training.environment():
            env["checkpoint"] = self.training.environment()
        if o.training:
            env["seed"] = o.seed
        if self.dist:
            env["distributed"] = self.dist.environment(o.batch)
        started = {"run_key": o.run_key, "execution_key": o.execution_key, "workload": o.workload,
                   "mode": o.mode, "device": device, "dtype": o.dtype, "shape": w.shape(),
                   "started_at": utc_now(), "cache_state": cache_state, "env": env,
                   "model_revision": o.model_revision or w.model_revision()}
        if o.topology:
            started["topology"] = o.topology
        if o.target:
            started["target"] = o.target
        self.emitter.event("run_started", started)
        self.started = True

        m = Measurements(o.batch)
        m.cache_state = cache_state
        status, error, exit_code = "ok", "", EXIT_OK
        if dist_error is not None:  # the rendezvous failed or was cancelled: nothing was measured
            if isinstance(dist_error, StopRequested):
                status, error, exit_code = dist_error.status, dist_error.error, dist_error.exit_code
            else:
                status, error, exit_code = "failed", str(dist_error), EXIT_FAILED
            self.dist.finish(False, error)
            m.extra["distributed"] = self.dist.summary()
            self.emitter.resources(resource_usage(self.start, self.accel.memory_stats()))
            self.emitter.finished(status, error, summary_json(m))
            self._report(status, error, {})
            return exit_code
        raised = False
        watchdog = Watchdog(self.emitter, o.deadline, m.batch, self.start, cache_state,
                            self.accel.memory_stats)
        try:
            self._measure(torch, w, m)
            if not m.finite:
                status, error = "failed", "non-finite output"
        except StopRequested as s:
            status, error, exit_code = s.status, s.error, s.exit_code
            raised = True
        except Exception as e:
            status, error = "failed", "%s: %s" % (type(e).__name__, e) if not str(e) else str(e)
            diagnostic("run failed: %s: %s" % (type(e).__name__, e))
            raised = True
        finally:
            watchdog.stop()
        if self.dist:
            self.dist.finish(not raised, error)
            m.extra["distributed"] = self.dist.summary()
        if status == "failed":
            exit_code = EXIT_FAILED
        if m.steady_seconds and m.finite and not o.training:
            self.ready.first_result(m.steady_seconds[0])
        ready = self.ready.event()
        if ready is not None:
            self.emitter.event("readiness", ready)
        self.emitter.resources(resource_usage(self.start, self.accel.memory_stats()))
        m.extra.update(self.accel.memory_summary())
        summary = summary_json(m)
        self.emitter.finished(status, error, summary)
        self._report(status, error, summary)
        return exit_code

    def _shapes(self, w):
        """The distinct (batch, seq_len) shapes the run will call its model with: the measured
        one first, then the catalog's cases (inference only), keyed as tp_catalog keys them."""
        shape = w.shape()
        has_sequence = "seq_len" in shape
        main = (shape.get("batch", self.o.batch), shape.get("seq_len", 0) if has_sequence else 0)
        shapes = [main]
        if self.catalog and not self.o.training:
            for batch, seq_len in self.catalog.cases(has_sequence):
                key = (batch, seq_len if has_sequence else 0)
                if key not in shapes:
                    shapes.append(key)
        return shapes

    def _compile_settings(self, torch, w):
        """run_started.env.compile: the dynamic mode and the recompile limit in force. With more
        shapes than the limit, dynamo would run the later ones eagerly: the limit is raised for
        this run to the number of shapes, and the old value recorded."""
        from . import tp_compile
        o = self.o
        self.dynamic = tp_compile.resolve_dynamic(o.dynamic, tp_compile.chosen_backend(self.device,
                                                                                        o.backend))
        self.shape_keys = self._shapes(w)
        settings = {"dynamic": self.dynamic}
        raised = tp_compile.raise_recompile_limit(torch, len(self.shape_keys))
        settings["recompile_limit"] = tp_compile.recompile_limit(torch)[1]
        if raised is not None:
            settings["recompile_limit_raised_from"] = raised
            diagnostic("recompile limit raised from %d to %d for %d shapes"
                       % (raised, settings["recompile_limit"], len(self.shape_keys)))
        return settings

    def _end_run_hard(self, error):
        """tpu_dist's bound expired inside a collective (tp_distributed.Session._bounded): the
        end of the stream, written from the timer thread; no device call (it would hang too)."""
        o = self.o
        if not self.started:  # stuck in init_process_group, before run_started: a minimal one
            self.emitter.event("run_started", {"run_key": o.run_key, "execution_key": o.execution_key,
                                               "workload": o.workload, "mode": o.mode,
                                               "device": self.device, "dtype": o.dtype, "shape": {},
                                               "started_at": utc_now(), "cache_state": "cold",
                                               "env": {"runner_kind": "python"}})
        summary = {"batch": o.batch, "cache_state": self.cache_state}
        if self.dist:
            summary["distributed"] = self.dist.summary()
        self.emitter.resources(resource_usage(self.start))
        self.emitter.finished("failed", error, summary)

    def _join_group(self, torch, device, torch_tpu):
        """The rendezvous of a distributed run: None, or the error that ended it."""
        from . import tp_accel
        from . import tp_distributed
        try:
            self.dist = tp_distributed.Session(self.o, torch, device, self.accel, self.emitter,
                                               self.control, torch_tpu)
        except tp_accel.UnsupportedFeature as e:
            raise BadInput(str(e))
        self.dist.end_run = self._end_run_hard
        if self.training:
            self.training.attach(self.dist)
        return self.dist.start()

    def _report(self, status, error, s):
        line = status
        if "steady_iterations" in s:
            line += ": steady %d iterations, mean %g us/batch, p50 %g us" % (
                s["steady_iterations"], s["mean_batch_seconds"] * 1e6, s["p50_seconds"] * 1e6)
        if error:
            line += " (%s)" % error
        diagnostic(line)

    def _measure(self, torch, w, m):
        from . import tp_compile
        from . import tp_precision
        from .tp_workloads import tensors_of
        o = self.o
        if self.device == "cuda" and not torch.cuda.is_available():
            raise RuntimeError("device 'cuda' requested but CUDA is not available")
        counters_before = self.accel.compile_counters()
        after_first = []  # the counters right after the first (compiling) call
        self.control.check()
        t0 = time.monotonic()
        w.build()
        if self.dist:
            self.dist.attach(w)  # rank 0's parameters, the data shard, the gradient all-reduce
        if self.training:
            self.training.resume(w, self.emitter)
        m.prepare_seconds = time.monotonic() - t0
        self.ready.end("model_load")
        m.batch = w.shape().get("batch", m.batch)
        self.accel.reset_peak_memory()
        self.control.check()
        t0 = time.monotonic()
        if w.compile():
            m.compiled = True
            if w.compiler.startswith("torchscript"):
                # Scripting, freezing and optimizing run eagerly, before the first call (the C++
                # runner's script_compile_seconds); torch.compile's wrapper is lazy: not timed.
                m.script_compile_seconds = time.monotonic() - t0
            m.compiled_ops = w.compiled_ops()
        m.extra["compiler"] = w.compiler
        settings = PhaseSettings(o)
        watch = tp_compile.CompileWatch(self.accel, m.compiled, self.dynamic)
        shape_begin = watch.begin()
        steady_from = []  # the counters when the warmup ended: what compiles after is a recompile
        settings.warmup_done = lambda: steady_from.append(self.accel.compile_counters())

        def first_call_done():
            after_first.append(self.accel.compile_counters())

        try:
            if w.is_training:
                trained = self._train(torch, w, m, settings, first_call_done)
                self._steady_compiles(m, steady_from)
                if trained:
                    self._profile(torch, w)  # N extra steps: no train_step line, no checkpoint
                if m.compiled:
                    facts, _ = watch.end(shape_begin, self.shape_keys[0] if self.shape_keys else None)
                    m.extra["eager_fallback"] = facts.get("eager_fallback", False)
                # No synchronize self-check: every step ends in loss.item(), a host wait on the
                # step's result, so the step times never rest on the device synchronize.
                if o.precision:
                    m.precision = tp_precision.check_training_precision(
                        o, self.policy, self.emitter, self.device, self.accel, self.cpu_accel,
                        self.precision_mode)
                return
            # Compiled calls under no_grad: torch.compile cannot capture graphs under
            # inference_mode on TorchTPU (its error glossary); eager calls keep inference_mode.
            grad_off = torch.no_grad() if m.compiled else torch.inference_mode()
            def warmup_done():
                steady_from.append(self.accel.compile_counters())
                self.ready.end("compile_warmup")
            settings.warmup_done = warmup_done
            with grad_off:
                if o.scenario != "single-stream":
                    return self._serve(w, m, settings, first_call_done)
                timed = self._timed_call(w)
                if o.warm_start:
                    # untimed for the protocol: the timed first call then runs in a warm process;
                    # in compiled mode this call is the one that compiles
                    m.compile_call_seconds = timed()
                    first_call_done()
                run_phases(settings, timed, self.control, m, self.emitter,
                           after_first=None if o.warm_start else first_call_done)
                self._steady_compiles(m, steady_from)
                facts, _ = watch.end(shape_begin, self.shape_keys[0] if self.shape_keys else None)
                if m.compiled:
                    m.extra["eager_fallback"] = facts.get("eager_fallback", False)
                m.finite = w.output_finite()
                assess_run(m, o)
                if o.transfers:
                    from . import tp_transfers
                    tp_transfers.inference_phases(w, m, self.device, self.accel.synchronize,
                                                  o.pinned, self.emitter, self.control)
                self._profile(torch, w)
                check = self.accel.sync_self_check(w.forward, lambda: tensors_of(w.y))
                if check is not None:
                    m.extra["sync_check"] = check
                    if not check["blocks"]:
                        diagnostic("warning: %s did not wait for the call's output (%.6f s against "
                                   "%.6f s waiting on it): the samples are not the device's time"
                                   % (check["api"], check["sync_seconds"],
                                      check["output_wait_seconds"]))
                if o.precision:
                    m.precision = tp_precision.check_inference_precision(
                        o, w, self.policy, self.emitter, self.device, self.cpu_accel,
                        self.precision_mode)
                if self.catalog:
                    from . import tp_catalog
                    m.catalog = tp_catalog.run_catalog(self.catalog, w, timed, self.control,
                                                       self.emitter, watch)
                if o.outputs:
                    from . import tp_outputs
                    tp_outputs.write_sample_outputs(w, o, m.batch, self.emitter, self.control)
        finally:
            delta = self.accel.counter_delta(counters_before, self.accel.compile_counters())
            m.extra["compile_counters"] = self._run_counters(delta, after_first)
            tpu_compile = self.accel.tpu_compile_facts()
            if tpu_compile is not None:
                m.extra["tpu_compile"] = tpu_compile

    def _serve(self, w, m, settings, first_call_done):
        """A serving scenario (tp_serving): first call and warmup at the largest batch, then the
        queries, each batch run at the size the batcher formed with its result copied to the
        host. Precision is the single-stream runs' concern: a serving run measures the service."""
        from . import tp_serving
        from .tp_workloads import tensors_of
        o = self.o
        timed = self._timed_call(w)
        if o.warm_start:
            m.compile_call_seconds = timed()
            first_call_done()
        settings.steady = False
        run_phases(settings, timed, self.control, m, self.emitter,
                   after_first=None if o.warm_start else first_call_done)
        m.finite = w.output_finite()
        expected = 0.0
        if m.warmup_seconds:
            expected = m.batch / max(1e-9, sorted(m.warmup_seconds)[len(m.warmup_seconds) // 2])
        inputs = {}  # an input per batch size, made once (a reshape can replay a model's recipe)
        state = {"batch": m.batch, "finite": bool(m.finite)}
        sync = self.accel.sync_function()
        on_host = self.device == "cpu"
        clock, forward = time.perf_counter, w.forward

        def call(size):
            if size != state["batch"]:
                if size in inputs and hasattr(w, "x"):
                    w.x, w.batch = inputs[size], size
                else:
                    if not w.reshape(size, o.seq_len):
                        raise RuntimeError("this workload cannot change its batch")
                    if hasattr(w, "x"):
                        inputs[size] = w.x
                state["batch"] = size
            if sync is not None:
                sync()
            t0 = clock()
            forward()
            if sync is not None:
                sync()
            if not on_host:
                for t in tensors_of(w.y):
                    t.to("cpu")
            elapsed = clock() - t0
            state["finite"] = state["finite"] and w.output_finite()
            if state["finite"]:
                self.ready.first_result(elapsed)
            return elapsed

        m.extra["serving"] = tp_serving.run_serving(o, call, self.control, self.emitter, expected)
        m.finite = state["finite"]

    def _steady_compiles(self, m, steady_from):
        """summary.steady_state_compiles: what compiled between the warmup's end and the steady
        phase's: TorchTPU's tier-1 cache misses (requests - hits: each a new executable, the
        recompile TorchTPU's guide warns of, e.g. a per-step learning-rate scalar) and dynamo's
        frames. Either above 0 makes the run invalid (the store's judge: the steady samples
        include compile time). Not written where the warmup never ended."""
        if not steady_from:
            return
        delta = self.accel.counter_delta(steady_from[0], self.accel.compile_counters())
        reqs, hits = delta["tpu_cache_requests"], delta["tpu_cache_hits"]
        m.extra["steady_state_compiles"] = {
            "tpu_cache_misses": reqs - hits if isinstance(reqs, int) and isinstance(hits, int)
            else "not available",
            "dynamo_frames": delta["dynamo_frames_ok"]}

    def _run_counters(self, delta, after_first):
        """summary.compile_counters: the run's deltas; recompiles = frames dynamo compiled after
        the first call (dynamo keeps no recompile counter), "not available" without dynamo or
        before a first call."""
        counters = self.accel.public_counters(delta)
        end = self.accel.compile_counters()
        if after_first and isinstance(end["dynamo_frames_ok"], int) \
                and isinstance(after_first[0]["dynamo_frames_ok"], int):
            counters["recompiles"] = end["dynamo_frames_ok"] - after_first[0]["dynamo_frames_ok"]
        return counters

    def _profile(self, torch, w):
        """--profile-steps N: the profile event (tp_profile)."""
        if self.o.profile_steps > 0:
            from . import tp_profile
            self.emitter.event("profile", tp_profile.capture(
                torch, self.device, self.o.profile_steps, w.forward, self.accel.sync_function(),
                self.profile_dir, self.o.execution_key, self.control, self.accel.torch_tpu))

    def _train(self, torch, w, m, settings, first_call_done=None):
        from .tp_training import TrainingLog
        from .tp_transfers import TrainingCopies
        tr = self.training
        settings = tr.phase_settings(settings)
        log = TrainingLog(self.emitter, self.o.target_loss, tr.first_step, tr.train_step_batch())

        timed = self._timed_call(w)
        copies = TrainingCopies(w, self.device, self.accel.synchronize, self.o.pinned)

        def call():
            copies.stage()  # the batch's copy to the device, its own sample (phase h2d)
            t = timed()
            log.record(w.last_loss(), t)
            tr.after_step(w, self.emitter)  # a due checkpoint, outside the step's time
            return t

        nothing_left = tr.remaining_steps() == 0
        try:
            if not nothing_left:
                run_phases(settings, call, self.control, m, self.emitter,
                           after_first=first_call_done)
        finally:
            log.flush()
            copies.finish(self.emitter, m)
            m.training = log.summary(m.batch)
            tr.add_summary(m.training)
        m.finite = nothing_left or (w.output_finite() and math.isfinite(w.last_loss()))
        assess_run(m, self.o)
        return not nothing_left  # whether steps ran (a resume at the last step runs none)
