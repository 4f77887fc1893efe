// RunDetailView's widgets: the title rows, the error and alert boxes, the figure groups (built
// from a table) and the cold-vs-warm chart. What they show is in run_detail_view.cpp.
#include "run_detail_view.h"
#include "ui/charts/cold_warm_chart.h"

#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include <vector>

namespace tp
{

QLabel *RunDetailView::addFigure(QFormLayout *form, const QString &label)
{
    auto *value = new QLabel;
    value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Figures are text from the run (a CPU name, a host, a path): shown as they are, never taken
    // for markup. The few that format a verdict say so below.
    value->setTextFormat(Qt::PlainText);
    form->addRow(label, value);
    return value;
}

// The figure groups, left to right and top to bottom: a group's title, its grid cell, and its
// rows (label, the member that shows the value, whether the value is free text that must wrap
// or clip instead of widening the page).
namespace
{
struct FigureRow {
    QLabel *RunDetailView::*value;
    const char *label;
    bool freeText = false;
};
struct FigureGroup {
    const char *title;
    int row, column;
    std::vector<FigureRow> rows;
};
} // namespace

QWidget *RunDetailView::buildFigureGroups()
{
    using V = RunDetailView;
    const FigureGroup groups[] = {
        {QT_TR_NOOP("Timing (per batch)"),
         0,
         0,
         {{&V::m_firstCall, QT_TR_NOOP("First call (cold):")},
          {&V::m_warmupMean, QT_TR_NOOP("Warmup mean:")},
          {&V::m_steadyMean, QT_TR_NOOP("Steady mean:")},
          {&V::m_p50, QT_TR_NOOP("Steady p50:")},
          {&V::m_p90, QT_TR_NOOP("Steady p90:")},
          {&V::m_p99, QT_TR_NOOP("Steady p99:")}}},
        {QT_TR_NOOP("Evidence"),
         0,
         1,
         {{&V::m_validity, QT_TR_NOOP("Validity:"), true},
          {&V::m_witness, QT_TR_NOOP("Runner's summary:"), true},
          {&V::m_precision, QT_TR_NOOP("Precision:"), true},
          {&V::m_cache, QT_TR_NOOP("Cache:")},
          {&V::m_resources, QT_TR_NOOP("Peak RAM:")}}},
        {QT_TR_NOOP("Result"),
         1,
         0,
         {{&V::m_throughput, QT_TR_NOOP("Samples/s:")},
          {&V::m_finite, QT_TR_NOOP("Outputs finite:")},
          {&V::m_steadyCount, QT_TR_NOOP("Steady samples:")},
          {&V::m_batch, QT_TR_NOOP("Batch:")}}},
        {QT_TR_NOOP("Environment"),
         1,
         1,
         {{&V::m_torch, QT_TR_NOOP("Torch:"), true},
          {&V::m_threads, QT_TR_NOOP("Threads:")},
          {&V::m_cpu, QT_TR_NOOP("CPU:"), true},
          {&V::m_blas, QT_TR_NOOP("BLAS:"), true},
          {&V::m_host, QT_TR_NOOP("Host:"), true},
          {&V::m_source, QT_TR_NOOP("Source:"), true}}},
    };
    auto *grid = new QGridLayout;
    for (const FigureGroup &g : groups) {
        auto *box = new QGroupBox(tr(g.title));
        auto *form = new QFormLayout(box);
        for (const FigureRow &r : g.rows) {
            QLabel *value = addFigure(form, tr(r.label));
            this->*r.value = value;
            if (r.freeText) { // paths, CPU names: wrap or clip instead of widening the page
                value->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
                value->setMinimumWidth(60);
            }
        }
        grid->addWidget(box, g.row, g.column);
    }
    for (QLabel *wraps : {m_validity, m_witness, m_precision, m_cpu})
        wraps->setWordWrap(true);
    for (QLabel *verdict : {m_validity, m_witness, m_precision}) // <b> verdicts, data escaped
        verdict->setTextFormat(Qt::RichText);
    m_witness->setObjectName(QStringLiteral("runWitness"));
    grid->setRowStretch(2, 1);
    grid->setContentsMargins(0, 0, 0, 0);
    auto *box = new QWidget;
    box->setLayout(grid);
    box->setFixedWidth(560);
    return box;
}

QWidget *RunDetailView::buildContent()
{
    auto *page = new QWidget;
    auto *layout = new QVBoxLayout(page);
    layout->setContentsMargins(12, 8, 8, 8);

    m_title = new QLabel;
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.4);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_title->setTextFormat(Qt::PlainText); // the run key
    m_status = new QLabel;
    QFont statusFont = m_status->font();
    statusFont.setBold(true);
    m_status->setFont(statusFont);
    auto *titleRow = new QHBoxLayout;
    titleRow->addWidget(m_title, 1);
    titleRow->addWidget(m_status);
    layout->addLayout(titleRow);

    m_subtitle = new QLabel;
    m_subtitle->setTextFormat(Qt::PlainText); // workload, mode, dtype, device, target
    m_started = new QLabel;
    m_started->setTextFormat(Qt::PlainText);
    m_started->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    auto *subRow = new QHBoxLayout;
    subRow->addWidget(m_subtitle, 1);
    subRow->addWidget(m_started);
    layout->addLayout(subRow);

    m_error = new QLabel;
    m_error->setTextFormat(Qt::PlainText); // the runner's error message
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setStyleSheet(
        QStringLiteral("QLabel { color: #c62828; border: 1px solid #e0a0a0; "
                       "border-radius: 3px; padding: 4px; background: #fdf0f0; }"));
    layout->addWidget(m_error);

    m_alerts = new QLabel;
    m_alerts->setObjectName(QStringLiteral("runAlerts"));
    m_alerts->setWordWrap(true);
    m_alerts->setTextFormat(Qt::RichText);
    m_alerts->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_alerts);

    m_distributed = new QLabel;
    m_distributed->setTextFormat(Qt::PlainText);
    m_distributed->setObjectName(QStringLiteral("runGroup"));
    m_distributed->setWordWrap(true);
    m_distributed->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_distributed->setStyleSheet(QStringLiteral(
        "QLabel#runGroup { border: 1px solid #8aa4c8; border-radius: 3px; padding: 4px; "
        "background: #eef3fa; }"));
    m_distributed->hide();
    layout->addWidget(m_distributed);

    // Figures in a column on the left, the chart beside them: the page sits under the runs
    // table, so width is plentiful and height is not.
    m_chart = new ColdWarmChart;
    auto *body = new QHBoxLayout;
    body->addWidget(buildFigureGroups());
    body->addWidget(m_chart, 1);
    layout->addLayout(body, 1);
    return page;
}

} // namespace tp
