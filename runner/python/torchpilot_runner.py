#!/usr/bin/env python3
"""TorchPilot Python runner: the C++ torchpilot-runner's protocol, options and events for hosts
where only Python reaches the device (TorchTPU's `tpu` device and torch.compile(backend="tpu"),
CUDA with inductor, or the CPU).

Prints the TorchPilot run contract as JSON Lines on stdout (run_started, phase first_call /
warmup / steady / h2d / d2h, progress, profile, precision, shape_case, catalog_summary,
train_step, checkpoint, resume, resources, run_finished); diagnostics go to stderr. One process =
one execution mode.

  torchpilot_runner.py --device tpu --mode compiled --dtype bfloat16 --preset standard
  torchpilot_runner.py --workload train-mlp --steps 100 --checkpoint-dir ck --checkpoint-every 10
  torchpilot_runner.py --model examples/tiny_classifier.py:make_model --catalog catalog.json
  torchpilot_runner.py --model model.pt --input 'float32[64,16]'
  torchpilot_runner.py --profile-steps 20 --profile-dir traces --transfers --pinned
  torchpilot_runner.py --workload train-mlp --steps 100 --world-size 2 --rank 0
      --rendezvous 10.0.0.1:29500 --dist-timeout 30     (one line; data parallel: tp_distributed.py)

Workloads: mlp, encoder, train-mlp, train-encoder (the C++ runner's definitions, seeds and data),
torchscript (--model FILE.pt), exported (--model FILE.pt2, torch >= 2.1), python / train-python
(--model package.module:factory [--train]; the factory contract is in tp_user_model.py).
Compiled mode: torch.compile(backend=..., dynamic per --dynamic) where this torch has it (tpu on
--device tpu, always with dynamic=False, else inductor, or --backend); on torch < 2.0 TorchScript
script + freeze + optimize_for_inference, and env.compiler says which. Compile cost is the first
call of a shape minus that shape's steady median (summary.compile_method). Exit status: 0 ok,
1 failed, 2 bad arguments, 124 deadline reached, 128+N cancelled by signal N (143 for SIGTERM).

--model runs the model's code with the rights of the user who starts the runner: a factory is
Python that is imported and called, a TorchScript or torch.export program is code too. Use only
models you trust. Checkpoints and a .pt2's pickled artifacts are read as tensors and plain data
only (tp_safe_load); --allow-unsafe-pt2 opts a .pt2 into full pickle.
"""
import os
import sys
import time

# The runner's modules are the package torchpilot_pyrunner next to this file (the source tree,
# share/torchpilot/python and the container's /app alike): this directory, and only it, goes
# first on sys.path so that the package resolves to that copy.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from torchpilot_pyrunner import tp_dist_options, tp_protocol  # noqa: E402
from torchpilot_pyrunner.tp_contract import (BadInput, Emitter, EXIT_FAILED,  # noqa: E402
                                             bad_arguments, diagnostic)
from torchpilot_pyrunner.tp_options import parse_options  # noqa: E402


def main(argv=None):
    start = time.monotonic()
    tp_protocol.install_cancel_handlers()
    try:
        options = parse_options(sys.argv[1:] if argv is None else argv)
    except BadInput as e:
        return bad_arguments(e)
    emitter = Emitter(Emitter.claim_stdout())
    # With torch_tpu installed, torch asks its device module for devices (the autograd engine at
    # the first backward, torch.manual_seed): on a host that is not a TPU VM, libtpu then fetches
    # GCE metadata keys, 30 tries each, and a cpu or cuda run stalls for minutes. A run that will
    # not use a TPU tells libtpu to skip the metadata server (TPU_SKIP_MDS_QUERY, read by
    # libtpu), unless the user set it.
    if options.device in ("cpu", "cuda") and "TPU_SKIP_MDS_QUERY" not in os.environ:
        os.environ["TPU_SKIP_MDS_QUERY"] = "1"
    # A tpu_dist rank: TorchTPU's runtime reads the group from the environment when it starts.
    tp_dist_options.export_runtime_env(options, os.environ)
    try:
        from torchpilot_pyrunner import tp_engine
        return tp_engine.Engine(options, emitter, start).run()
    except BadInput as e:
        if emitter.finished_written():
            return EXIT_FAILED
        return bad_arguments(e)
    except ImportError as e:  # torch or torch_tpu missing: still a contract-conforming failed run
        emitter.event("run_started", {"run_key": options.run_key,
                                      "execution_key": options.execution_key,
                                      "workload": options.workload, "mode": options.mode,
                                      "device": options.device, "dtype": options.dtype,
                                      "shape": {}, "env": {"runner_kind": "python"}})
        emitter.finished("failed", "%s: %s" % (type(e).__name__, e), {"batch": options.batch})
        diagnostic("failed: %s" % e)
        return EXIT_FAILED


if __name__ == "__main__":
    sys.exit(main())
