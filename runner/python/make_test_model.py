#!/usr/bin/env python3
"""Saves a small TorchScript model for tests of the runner's `torchscript` workload.

Usage: make_test_model.py OUTPUT.pt [--seed N]

The model is torch.jit.script of a 2-layer MLP, Linear(16, 32) -> ReLU -> Linear(32, 4): its
forward takes one float32 input [N, 16] (run it with --input 'float32[N,16]') and returns
[N, 4]. Needs only Debian's python3-torch; nothing is downloaded. Exit status 0 on success.
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
    parser.add_argument("output", help="path of the .pt file to write")
    parser.add_argument("--seed", type=int, default=0, help="weight seed (default 0)")
    args = parser.parse_args(argv)
    torch.manual_seed(args.seed)
    module = torch.jit.script(TinyMlp().eval())
    module.save(args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
