#include "panels_page.h"

#include "frontend/model_text_tr.h"
#include "model/store/pilot_store.h"

#include "model/store/run_query.h"
#include "model/store/store.h"
#include "ui/charts/end_to_end_chart.h"
#include "ui/format.h"
#include "ui/superseding_task.h"
#include "ui/widgets/compact_combo.h"
#include "ui/widgets/scroll_page.h"

#include <QComboBox>
#include <QDateTime>
#include <QFrame>
#include <QGridLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QVBoxLayout>

namespace tp
{

using State = PanelFigure::State;
using Unit = PanelFigure::Unit;

struct PanelsPage::Result {
    quint64 generation = 0;
    PanelFigures figures;
    RunFacets facets;
    QString error;
    Message baselineLabel, candidateLabel; // the selected pilot's sides
};

namespace
{
constexpr std::size_t kFigureCount = 21;

// Every figure in card order: Business 4, Application 11, Infrastructure 6.
std::array<const PanelFigure *, kFigureCount> ordered(const PanelFigures &f)
{
    const auto &b = f.business;
    const auto &a = f.application;
    const auto &i = f.infrastructure;
    return {&b.completed,
            &b.withinDeadline,
            &b.meetingContract,
            &b.costPerUsefulResult,
            &a.latencyP50,
            &a.latencyP90,
            &a.latencyP99,
            &a.medianRunP99,
            &a.throughput,
            &a.throughputWithinSlo,
            &a.errors,
            &a.queueWait,
            &a.timeWithoutProgress,
            &a.hostToDevice,
            &a.deviceToHost,
            &i.cpuTime,
            &i.cpuUtilisation,
            &i.peakRam,
            &i.restarts,
            &i.acceleratorMemory,
            &i.capacityWait};
}

QString valueText(const PanelFigure &f)
{
    switch (f.state) {
    case State::Value:
        break;
    case State::NoData:
        return PanelsPage::tr("no data");
    case State::NotConfigured:
        return PanelsPage::tr("not configured");
    case State::NotMeasured:
        return PanelsPage::tr("not measured");
    case State::NotMeasuredCpu:
        return PanelsPage::tr("not measured (CPU)");
    case State::NotApplicable:
        return PanelsPage::tr("not applicable for local runs");
    }
    const double v = f.value.value_or(0.0);
    switch (f.unit) {
    case Unit::Runs:
        return QLocale().toString(static_cast<qlonglong>(v));
    case Unit::Seconds:
        return fmt::duration(v);
    case Unit::SamplesPerSecond:
        return fmt::throughput(v);
    case Unit::Bytes:
        return QLocale().formattedDataSize(static_cast<qint64>(v));
    case Unit::Cores:
        return PanelsPage::tr("%1 %").arg(fmt::number3(v * 100.0));
    case Unit::Cost:
        return fmt::number3(v);
    }
    return {};
}

QString unitText(const PanelFigure &f, const QString &currency)
{
    if (f.state != State::Value)
        return {};
    switch (f.unit) {
    case Unit::Runs:
        if (!f.outOf) // restarts: executions beyond the first of a run key
            return f.value == 1.0 ? PanelsPage::tr("extra execution")
                                  : PanelsPage::tr("extra executions");
        return *f.outOf == 1 ? PanelsPage::tr("of 1 run")
                             : PanelsPage::tr("of %1 runs").arg(*f.outOf);
    case Unit::SamplesPerSecond:
        return PanelsPage::tr("samples/s");
    case Unit::Cores:
        return PanelsPage::tr("of one core");
    case Unit::Cost:
        return PanelsPage::tr("%1 per useful result").arg(currency).trimmed();
    default:
        return {};
    }
}
} // namespace

PanelsPage::PanelsPage(StoreLocation store, QWidget *parent)
    : QWidget(parent), m_db(std::move(store)),
      m_generation(std::make_shared<std::atomic<quint64>>(0))
{
    const QString titles[] = {tr("Completed runs"),
                              tr("Within deadline"),
                              tr("Meeting the quality contract"),
                              tr("Cost per useful result"),
                              tr("Latency p50"),
                              tr("Latency p90"),
                              tr("Latency p99"),
                              tr("Median of run p99"),
                              tr("Throughput"),
                              tr("Throughput within the SLO"),
                              tr("Errors"),
                              tr("Queue wait"),
                              tr("Time without progress"),
                              tr("Host → device copy"),
                              tr("Device → host copy"),
                              tr("CPU time"),
                              tr("CPU utilisation"),
                              tr("Peak RAM"),
                              tr("Restarts / retries"),
                              tr("Accelerator memory"),
                              tr("Capacity wait")};
    static_assert(std::size(titles) == kFigureCount);
    for (std::size_t i = 0; i < kFigureCount; ++i)
        m_cards.push_back({titles[i], i});
    m_bigFont.setPointSizeF(font().pointSizeF() * 2.0);
    m_bigFont.setBold(true);
    m_textFont.setPointSizeF(font().pointSizeF() * 1.2);
    m_smallFont.setPointSizeF(font().pointSizeF() * 0.85);
    setStyleSheet(QStringLiteral(
        "QGroupBox { font-weight: bold; }"
        "QFrame#card { background: palette(base); border: 1px solid palette(midlight);"
        " border-radius: 6px; font-weight: normal; }"
        "QLabel#muted { color: palette(dark); font-weight: normal; }"
        "QPushButton#figure { text-align: left; padding: 0px; border: none; }"
        "QPushButton#figure:hover { color: palette(link); }"));

    auto *content = new QWidget;
    auto *panels = new QVBoxLayout(content);
    panels->addWidget(buildPanel(tr("Business"),
                                 tr("Is the work done, in time, to the quality "
                                    "contract — and at what cost?"),
                                 0, 4));
    panels->addWidget(buildPanel(tr("Application"),
                                 tr("Steady-state latency, throughput, errors, "
                                    "queue, stalls and copies to and from the device."),
                                 4, 11));
    panels->addWidget(buildPanel(tr("Infrastructure"),
                                 tr("What the runs consumed and how often "
                                    "they had to run again."),
                                 15, 6));
    panels->addWidget(buildEndToEnd());
    panels->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(buildFilterBar());
    layout->addWidget(m_scroll = scrollPage(content), 1);
    for (Card &card : m_cards)
        showCard(card);
}

QWidget *PanelsPage::buildFilterBar()
{
    auto *bar = new QWidget;
    auto *row = new QHBoxLayout(bar);
    row->setContentsMargins(0, 0, 0, 0);
    // The pilot's sides first: the panels of the current platform, of the candidate, or of any run.
    m_side = new QComboBox;
    m_side->setObjectName(QStringLiteral("panelSide"));
    m_side->addItem(tr("All runs"), -1);
    m_side->addItem(tr("Baseline side"), 0);
    m_side->addItem(tr("Candidate side"), 1);
    m_side->setToolTip(tr("The runs of one side of the selected pilot (Review page, Pilot tab)"));
    makeCompact(m_side, 16); // the side labels are the pilot's own, of any length
    connect(m_side, &QComboBox::currentIndexChanged, this, &PanelsPage::reload);
    row->addWidget(m_side);
    const QString all[] = {tr("All workloads"), tr("All modes"),    tr("All dtypes"),
                           tr("All devices"),   tr("All statuses"), tr("All targets"),
                           tr("All time")};
    for (std::size_t i = 0; i < m_combos.size(); ++i) {
        m_combos[i] = new QComboBox;
        m_combos[i]->addItem(all[i], QString());
        makeCompact(m_combos[i]);
        connect(m_combos[i], &QComboBox::currentIndexChanged, this, &PanelsPage::reload);
        row->addWidget(m_combos[i]);
    }
    m_combos[kPeriod]->addItem(tr("Last 24 hours"), 1);
    m_combos[kPeriod]->addItem(tr("Last 7 days"), 7);
    m_combos[kPeriod]->addItem(tr("Last 30 days"), 30);
    row->addStretch(1);
    row->addWidget(m_state = new QLabel);
    m_state->setTextFormat(Qt::PlainText); // may quote a database error
    return bar;
}

QWidget *PanelsPage::buildPanel(const QString &title, const QString &subtitle, std::size_t first,
                                std::size_t count)
{
    auto *box = new QGroupBox(title);
    auto *grid = new QGridLayout(box);
    grid->setSpacing(8);
    auto *caption = new QLabel(subtitle);
    caption->setObjectName(QStringLiteral("muted"));
    grid->addWidget(caption, 0, 0, 1, 4);
    for (std::size_t i = 0; i < count; ++i) {
        addCard(grid, m_cards[first + i], static_cast<int>(1 + i / 4), static_cast<int>(i % 4));
        grid->setColumnStretch(static_cast<int>(i % 4), 1);
    }
    return box;
}

bool PanelsPage::showSection(const QString &name)
{
    if (name != QLatin1String("end-to-end"))
        return false;
    // The last panel: the page stays scrolled to the bottom as its figures arrive and resize it.
    QScrollBar *bar = m_scroll->verticalScrollBar();
    bar->setValue(bar->maximum());
    connect(bar, &QScrollBar::rangeChanged, this, [bar](int, int max) { bar->setValue(max); });
    return true;
}

// The article's section 9: the end-to-end time of the selected executions, part by part, per
// platform (a pilot's two sides are two platforms; the side filter shows one).
QWidget *PanelsPage::buildEndToEnd()
{
    auto *box = new QGroupBox(tr("End to end"));
    auto *layout = new QVBoxLayout(box);
    auto *caption = new QLabel(
        tr("Waiting for capacity, attempts lost, preparation, compile, warm-up, steady compute "
           "and checkpoints of the selected executions, summed per platform: each part timed "
           "apart, the rest of the wall clock shown as other. An attempt that was run again "
           "counts with the run that repeated it."));
    caption->setObjectName(QStringLiteral("muted"));
    caption->setWordWrap(true);
    layout->addWidget(caption);
    m_endToEnd = new EndToEndChart;
    m_endToEnd->setObjectName(QStringLiteral("endToEndChart"));
    m_endToEnd->setMinimumHeight(280);
    layout->addWidget(m_endToEnd);
    return box;
}

void PanelsPage::addCard(QGridLayout *grid, Card &card, int row, int column)
{
    auto *frame = new QFrame;
    frame->setObjectName(QStringLiteral("card"));
    auto *layout = new QGridLayout(frame);
    layout->setVerticalSpacing(2);
    auto *title = new QLabel(card.title);
    title->setObjectName(QStringLiteral("muted"));
    card.value = new QPushButton;
    card.value->setObjectName(QStringLiteral("figure"));
    card.value->setCursor(Qt::PointingHandCursor);
    // The unit carries the cost model's currency, the note its name: text, never markup.
    card.unit = new QLabel;
    card.unit->setTextFormat(Qt::PlainText);
    card.note = new QLabel;
    card.note->setTextFormat(Qt::PlainText);
    card.note->setObjectName(QStringLiteral("muted"));
    card.note->setWordWrap(true);
    card.note->setFont(m_smallFont);
    layout->addWidget(title, 0, 0, 1, 3);
    layout->addWidget(card.value, 1, 0);
    layout->addWidget(card.unit, 1, 1, Qt::AlignBottom | Qt::AlignLeft);
    layout->addWidget(card.note, 2, 0, 1, 3, Qt::AlignTop);
    layout->setColumnStretch(2, 1);
    layout->setRowStretch(2, 1);
    grid->addWidget(frame, row, column);
    Card *c = &card; // m_cards is never resized after the constructor
    connect(card.value, &QPushButton::clicked, this, [this, c] {
        const PanelFigure &f = *ordered(m_figures)[c->index];
        Q_EMIT showRuns(QList<qlonglong>(f.runIds.begin(), f.runIds.end()), c->title);
    });
}

void PanelsPage::showCard(Card &card)
{
    const PanelFigure &f = *ordered(m_figures)[card.index];
    card.value->setFont(f.state == State::Value ? m_bigFont : m_textFont);
    card.value->setText(valueText(f));
    card.value->setEnabled(!f.runIds.empty());
    card.unit->setText(unitText(f, m_currency));
    card.note->setText(trModelText(f.note));
    card.value->setToolTip(
        f.runIds.empty()
            ? QString()
            : tr("Click to list the runs behind this figure (%1)").arg(f.runIds.size()));
}

RunSelection PanelsPage::selection() const
{
    RunSelection s;
    std::string *fields[] = {&s.workload, &s.mode, &s.dtype, &s.device, &s.status, &s.target};
    for (std::size_t i = 0; i < kPeriod; ++i)
        *fields[i] = m_combos[i]->currentData().toString().toStdString();
    if (const int days = m_combos[kPeriod]->currentData().toInt(); days > 0)
        s.startedFrom =
            QDateTime::currentDateTimeUtc().addDays(-days).toString(Qt::ISODate).toStdString();
    return s;
}

void PanelsPage::reload()
{
    const quint64 generation = ++*m_generation; // supersedes any running computation
    if (m_db.isNull())
        return apply({generation, {}, {}, tr("No database"), {}, {}});
    PanelOptions options = m_options;
    options.cancelled = [counter = m_generation, generation] {
        return counter->load() != generation;
    };
    const std::string path = m_db.path;
    const ValidityPolicy policy = m_db.policy; // the worker judges alike
    const RunSelection sel = selection();
    const int side = m_side->currentData().toInt();
    m_busy = true;
    m_state->setText(tr("Computing…"));
    runSuperseding<Result>(
        this, m_generation,
        [path, policy, sel, side, options, generation] {
            Result r{generation, {}, {}, {}, {}, {}};
            try {
                // Its own read-only connection: never shared across threads, never writes.
                const auto own = Store::openReadOnly(path, policy);
                Store &store = *own;
                const PilotDefinition pilot = PilotStore(store).selected();
                r.baselineLabel = pilot.baseline.label;
                r.candidateLabel = pilot.candidate.label;
                const RunSelection within =
                    side < 0
                        ? sel
                        : narrowToSide(
                              sel, (side == 0 ? pilot.baseline : pilot.candidate).selection(""));
                r.figures = computePanels(store, within, options);
                r.facets = RunQuery(store).facets();
            } catch (const PanelsCancelled &) {
                r.generation = 0;
            } catch (const std::exception &e) {
                r.error = tr("Cannot compute the panels: %1").arg(QString::fromUtf8(e.what()));
            }
            return r;
        },
        [this](const Result &r) { apply(r); });
}

void PanelsPage::apply(const Result &r)
{
    m_busy = false;
    m_figures = r.figures; // empty after an error: no stale figure under an error message
    for (Card &card : m_cards)
        showCard(card);
    if (r.error.isEmpty())
        m_endToEnd->setGroups(m_figures.endToEnd);
    else
        m_endToEnd->clear();
    if (r.error.isEmpty()) {
        applyFacets(r.facets);
        m_side->setItemText(1, trModelText(r.baselineLabel));
        m_side->setItemText(2, trModelText(r.candidateLabel));
    }
    const auto n = m_figures.selectedRunIds.size();
    m_state->setText(!r.error.isEmpty() ? r.error
                     : n == 1           ? tr("1 run selected")
                                        : tr("%1 runs selected").arg(n));
    Q_EMIT computed(r.error);
}

void PanelsPage::applyFacets(const RunFacets &facets)
{
    const std::vector<std::string> *values[] = {&facets.workloads, &facets.modes,
                                                &facets.dtypes,    &facets.devices,
                                                &facets.statuses,  &facets.targets};
    bool gone = false;
    for (std::size_t i = 0; i < kPeriod; ++i) {
        QComboBox *combo = m_combos[i];
        const QString current = combo->currentData().toString();
        const QSignalBlocker block(combo);
        while (combo->count() > 1)
            combo->removeItem(1);
        for (const std::string &v : *values[i]) {
            const QString text = QString::fromStdString(v);
            combo->addItem(i == 4 ? fmt::statusLabel(v) : text, text);
        }
        const int index = current.isEmpty() ? 0 : combo->findData(current);
        combo->setCurrentIndex(std::max(0, index));
        gone |= index < 0; // the chosen value disappeared: the figures are for a stale filter
    }
    if (gone)
        reload();
}

} // namespace tp
