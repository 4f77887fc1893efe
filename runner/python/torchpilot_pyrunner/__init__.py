"""TorchPilot's Python benchmark runner: the modules behind runner/python/torchpilot_runner.py
(which imports this package from its own directory). Resources (protocol/runner.json,
policies/default.json) are looked up relative to this package's parent directory: the source
tree, the installed share/torchpilot/python/ and the container's /app layouts."""
