"""make_workload(): the one place that maps --workload to a workload class.

It lives above the modules that define workloads (tp_workloads: the built-in inference ones and
the shared helpers; tp_training: training; tp_user_model: file and factory models) because
tp_training and tp_user_model build on tp_workloads' helpers. Had the dispatcher stayed in
tp_workloads, tp_workloads would import the modules that import it: an import cycle (issue 25,
item 6). Callers (tp_engine, tp_precision) import it from here."""
from . import tp_training
from . import tp_user_model
from .tp_workloads import EncoderWorkload, FixedServiceWorkload, MlpWorkload


def make_workload(o, device, accel):
    if o.workload == "mlp":
        return MlpWorkload(o, device, accel)
    if o.workload == "encoder":
        return EncoderWorkload(o, device, accel)
    if o.workload == "fixed-service":
        return FixedServiceWorkload(o, device, accel)
    if o.workload in ("train-mlp", "train-encoder"):
        return tp_training.make_training_workload(o, device, accel)
    if o.workload in ("torchscript", "exported"):
        return tp_user_model.FileModelWorkload(o, device, accel)
    if o.workload in ("python", "train-python"):
        return tp_user_model.make_factory_workload(o, device, accel)
    raise ValueError("unknown workload '%s'" % o.workload)
