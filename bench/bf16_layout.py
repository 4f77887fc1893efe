#!/usr/bin/python3
"""Evidence for bench/README.md: on this CPU (no AVX-512) torch 1.13's bf16 GEMM is a generic
fallback whose speed depends on the weight layout, while fp32 (OpenBLAS) does not care.
Times layer 1 of the smoke MLP (64x128 @ 128x256), 1 thread, median of per-call perf_counter."""
import os
import time

os.environ["OPENBLAS_NUM_THREADS"] = "1"
import torch  # noqa: E402

torch.set_num_threads(1)
torch.manual_seed(0)
x = torch.randn(64, 128)
w = torch.randn(256, 128)  # nn.Linear layout [out, in]
b = torch.randn(256)


def median_us(f, n):
    for _ in range(5):
        f()
    ts = []
    for _ in range(n):
        s = time.perf_counter()
        f()
        ts.append(time.perf_counter() - s)
    ts.sort()
    return ts[len(ts) // 2] * 1e6


with torch.inference_mode():
    for dtype, n in ((torch.float32, 2000), (torch.bfloat16, 100)):
        xd, wd, bd = x.to(dtype), w.to(dtype), b.to(dtype)
        wc = wd.t().contiguous()  # what freeze/optimize_for_inference stores
        name = str(dtype).replace("torch.", "")
        flop = 2 * 64 * 128 * 256
        for label, f in (("mm(x, W.t())   eager Linear layout", lambda: torch.mm(xd, wd.t())),
                         ("mm(x, Wt_contig) frozen layout    ", lambda: torch.mm(xd, wc)),
                         ("addmm(b, x, W.t()) = F.linear     ", lambda: torch.addmm(bd, xd, wd.t()))):
            us = median_us(f, n)
            print(f"{name:9} {label} {us:9.1f} us  {flop / us / 1e3:6.1f} GFLOP/s")
