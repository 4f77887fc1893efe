#pragma once
// The figures of the run RunDetailView shows, in groups of a fixed-width grid: timing per batch,
// the evidence (validity, the runner's summary, precision, cache, peak RAM), the result, the
// environment it ran in and, for a run that names one, its accelerator (a TPU's facts and what its
// compiled programs cost). Its texts keep RunDetailView's translation context.
#include <QWidget>

#include <cstddef>

class QFormLayout;
class QGroupBox;
class QLabel;

namespace tp
{

struct RunRecord;
struct RunEnvironment;
struct AcceleratorFacts;

class RunFigures : public QWidget
{
    Q_OBJECT
public:
    explicit RunFigures(QWidget *parent = nullptr);

    // Shows `run`'s figures; `steadyCount`: how many steady samples were read with it.
    void showRun(const RunRecord &run, std::size_t steadyCount);

private:
    static QLabel *addFigure(QFormLayout *form, const QString &label);
    void showVerdicts(const RunRecord &run, const RunEnvironment &env);
    void showEnvironment(const RunEnvironment &env);
    void showAccelerator(const AcceleratorFacts &f);

    QLabel *m_firstCall = nullptr, *m_warmupMean = nullptr, *m_steadyMean = nullptr;
    QLabel *m_p50 = nullptr, *m_p90 = nullptr, *m_p99 = nullptr, *m_throughput = nullptr;
    QLabel *m_finite = nullptr, *m_steadyCount = nullptr, *m_batch = nullptr;
    QLabel *m_threads = nullptr, *m_torch = nullptr, *m_cpu = nullptr, *m_blas = nullptr;
    QLabel *m_host = nullptr, *m_source = nullptr, *m_accelerator = nullptr;
    QLabel *m_tpuSettings = nullptr, *m_tpuCompiled = nullptr; // shown for a TorchTPU run only
    QGroupBox *m_acceleratorBox = nullptr; // shown for a run that names an accelerator
    QLabel *m_validity = nullptr, *m_witness = nullptr, *m_precision = nullptr, *m_cache = nullptr,
           *m_resources = nullptr;
};

} // namespace tp
