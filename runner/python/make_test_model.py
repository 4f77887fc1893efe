#!/usr/bin/env python3
"""Saves a small model for tests of the runner's `torchscript` and `exported` workloads.

Usage: make_test_model.py OUTPUT.pt [--seed N]
       make_test_model.py OUTPUT.pt2 [--seed N] [--batch N]

The model is a 2-layer MLP, Linear(16, 32) -> ReLU -> Linear(32, 4): its forward takes one
float32 input [N, 16] (run it with --input 'float32[N,16]') and returns [N, 4]. A .pt file is
torch.jit.script of it; a .pt2 file is a torch.export program (torch >= 2.1) traced at batch
--batch (default 8), the only batch it then accepts. Needs only Debian's python3-torch; nothing
is downloaded. Exit status 0 on success.
"""
import argparse
import sys

import torch


class TinyMlp(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = torch.nn.Linear(16, 32)
        self.fc2 = torch.nn.Linear(32, 4)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.fc2(torch.relu(self.fc1(x)))


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output", help="the .pt (TorchScript) or .pt2 (torch.export) file to write")
    parser.add_argument("--seed", type=int, default=0, help="weight seed (default 0)")
    parser.add_argument("--batch", type=int, default=8, help="batch of a .pt2 program (default 8)")
    args = parser.parse_args(argv)
    torch.manual_seed(args.seed)
    if args.output.endswith(".pt2"):
        export = getattr(torch, "export", None)
        if export is None or not hasattr(export, "save"):
            print("make_test_model.py: a .pt2 needs torch.export (torch >= 2.1); this torch is %s"
                  % torch.__version__, file=sys.stderr)
            return 2
        program = export.export(TinyMlp().eval(), (torch.randn(args.batch, 16),))
        export.save(program, args.output)
        return 0
    module = torch.jit.script(TinyMlp().eval())
    module.save(args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
