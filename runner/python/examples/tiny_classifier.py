"""Example factory for `torchpilot_runner.py --model examples/tiny_classifier.py:make_model`
(or `--model tiny_classifier:make_model` from this directory): a small conv classifier of 8x8
one-channel "images" into 4 classes, with a cross-entropy loss on seeded synthetic data whose
labels come from a fixed random teacher, so training can reach a low loss.

  torchpilot_runner.py --model examples/tiny_classifier.py:make_model --preset smoke
  torchpilot_runner.py --model examples/tiny_classifier.py:make_model --train --steps 60 \
      --learning-rate 0.01 --target-loss 0.5

The contract (see tp_user_model.py): make_model(device, dtype, seed) returns a dict with
"model", "make_inputs(batch, seq_len)", "loss(output, inputs)", "make_batch(step, batch,
seq_len)" and "revision". The runner seeds torch before each make_inputs / make_batch call."""
import torch

CLASSES = 4
SIZE = 8


class TinyClassifier(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(1, 8, kernel_size=3, padding=1)
        self.fc1 = torch.nn.Linear(8 * SIZE * SIZE, 32)
        self.fc2 = torch.nn.Linear(32, CLASSES)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = torch.relu(self.conv(x))
        return self.fc2(torch.relu(self.fc1(h.flatten(1))))


def make_model(device, dtype, seed):
    torch.manual_seed(seed)
    model = TinyClassifier().to(device=device, dtype=dtype)
    teacher = torch.Generator().manual_seed(seed + 2)
    teacher_w = torch.randn(SIZE * SIZE, CLASSES, generator=teacher)

    def make_inputs(batch, seq_len):
        return (torch.randn(batch, 1, SIZE, SIZE),)

    def labels(x):
        return torch.argmax(x.to(torch.float32).flatten(1).cpu() @ teacher_w, dim=1).to(x.device)

    def loss(output, inputs):
        return torch.nn.functional.cross_entropy(output.to(torch.float32), labels(inputs[0]))

    def make_batch(step, batch, seq_len):
        return make_inputs(batch, seq_len)

    return {"model": model, "make_inputs": make_inputs, "loss": loss, "make_batch": make_batch,
            "revision": "tiny-classifier-v1-seed%d" % seed}
