#include "compare_page.h"
#include "frontend/compare_pilot.h"

#include "frontend/model_text_tr.h"

#include "model/store/pilot_store.h"

#include "model/store/store.h"
#include "ui/charts/end_to_end_chart.h"
#include "ui/charts/serving_curve_chart.h"
#include "ui/format.h"
#include "ui/models/compare_model.h"
#include "ui/models/run_check_model.h"
#include "ui/superseding_task.h"
#include "ui/widgets/operators_comparison.h"

#include <QComboBox>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListView>
#include <QLocale>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

namespace tp
{

namespace
{
template <typename T, typename Text> QString joined(const std::vector<T> &values, Text text)
{
    QStringList out;
    for (const T &v : values)
        out << text(v);
    return out.join(QStringLiteral(", "));
}
QString runId(long long id)
{
    return QStringLiteral("#%1").arg(id);
}
QString valueOrUnknown(const std::string &v)
{
    return v.empty() ? ComparePage::tr("unknown") : QString::fromStdString(v);
}
} // namespace

ComparePage::ComparePage(StoreLocation store, QWidget *parent)
    : QWidget(parent), m_db(std::move(store)), m_debounce(new QTimer(this)),
      m_model(new CompareModel(this)), m_generation(std::make_shared<std::atomic<quint64>>(0))
{
    m_preset = new QComboBox;
    m_preset->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    connect(m_preset, &QComboBox::activated, this, [this](int i) { applyPreset(i - 1); });
    m_axis = new QComboBox;
    m_axis->addItem(tr("nothing in particular"), QString());
    for (const std::string &key : confounderKeys())
        m_axis->addItem(CompareModel::factorName(key), QString::fromStdString(key));
    connect(m_axis, &QComboBox::activated, this, [this] {
        m_userChoice = true; // the axis too is kept on a reload
        m_debounce->start();
    });
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(150);
    m_debounce->callOnTimeout(this, &ComparePage::compareNow);

    auto *top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Preset:")));
    top->addWidget(m_preset);
    top->addWidget(new QLabel(tr("Compared on purpose:")));
    top->addWidget(m_axis);
    top->addStretch(1);
    top->addWidget(m_state = new QLabel);
    m_state->setTextFormat(Qt::PlainText); // may quote a database error

    // The figures and, a tab away, where each side's time goes: each gets the page's height.
    auto *tabs = m_tabs = new QTabWidget;
    tabs->setObjectName(QStringLiteral("compareTabs"));
    tabs->addTab(buildResults(), tr("Comparison"));
    tabs->addTab(m_operators = new OperatorsComparison, tr("Top operators"));
    auto *serving = new QWidget;
    auto *servingLayout = new QVBoxLayout(serving);
    servingLayout->addWidget(m_servingNote = new QLabel);
    m_servingNote->setWordWrap(true);
    servingLayout->addWidget(m_serving = new ServingCurveChart, 1);
    tabs->addTab(serving, tr("Throughput within the SLO"));
    tabs->addTab(m_endToEnd = new EndToEndChart, tr("End to end"));
    m_endToEnd->setObjectName(QStringLiteral("compareEndToEnd"));
    auto *splitter = new QSplitter(Qt::Vertical);
    splitter->addWidget(buildSides());
    splitter->addWidget(tabs);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addWidget(splitter, 1);
}

bool ComparePage::showTab(const QString &name)
{
    const int index = name == QLatin1String("comparison")   ? 0
                      : name == QLatin1String("operators")  ? 1
                      : name == QLatin1String("serving")    ? 2
                      : name == QLatin1String("end-to-end") ? 3
                                                            : -1;
    if (index < 0)
        return false;
    m_tabs->setCurrentIndex(index);
    return true;
}

QWidget *ComparePage::buildSides()
{
    auto *sides = new QWidget;
    auto *row = new QHBoxLayout(sides);
    row->setContentsMargins(0, 0, 0, 0);
    for (const auto &[list, title] : {std::pair{&m_baseline, tr("Baseline runs")},
                                      std::pair{&m_candidate, tr("Candidate runs")}}) {
        auto *box = new QGroupBox(title);
        auto *l = new QVBoxLayout(box);
        auto *model = new RunCheckModel(this);
        *list = model;
        auto *view = new QListView;
        view->setModel(model);
        view->setUniformItemSizes(true); // 10 000 rows: no per-row size measuring
        view->setAlternatingRowColors(true);
        view->setEditTriggers(QAbstractItemView::NoEditTriggers);
        connect(model, &RunCheckModel::checkedChanged, this, [this] {
            m_preset->setCurrentIndex(0); // a manual choice is no longer the preset
            m_userChoice = true;
            m_debounce->start();
        });
        connect(view, &QListView::doubleClicked, this, [this](const QModelIndex &index) {
            Q_EMIT showRuns({index.data(RunCheckModel::RunIdRole).toLongLong()},
                            index.data().toString());
        });
        l->addWidget(view);
        row->addWidget(box);
    }
    return sides;
}

QWidget *ComparePage::buildResults()
{
    m_table = new QTableView;
    m_table->setModel(m_model);
    m_table->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    m_table->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Maximum);
    m_confounders = new QTableWidget(0, 4);
    m_confounders->setHorizontalHeaderLabels(
        {tr("Factor"), tr("Baseline"), tr("Candidate"), QString()});
    m_confounders->setEditTriggers(QAbstractItemView::NoEditTriggers);
    for (QTableView *table : {m_table, static_cast<QTableView *>(m_confounders)}) {
        table->setSelectionMode(QAbstractItemView::NoSelection);
        table->verticalHeader()->hide();
        table->horizontalHeader()->setStretchLastSection(true);
        table->setWordWrap(false);
    }
    m_notes = new QLabel;
    m_notes->setTextFormat(Qt::RichText); // warnings in amber, their text escaped
    m_notes->setWordWrap(true);
    m_notes->setTextInteractionFlags(Qt::TextSelectableByMouse); // rich text: warnings in amber

    auto *results = new QWidget;
    auto *grid = new QHBoxLayout(results);
    grid->setContentsMargins(0, 0, 0, 0);
    auto *left = new QVBoxLayout;
    left->addWidget(new QLabel(tr("<b>Candidate / baseline</b> (95 % bootstrap interval)")));
    left->addWidget(m_table);
    left->addWidget(m_notes);
    left->addStretch(1);
    auto *right = new QVBoxLayout;
    right->addWidget(new QLabel(tr("<b>Confounders</b> — amber: differs, not the compared axis")));
    right->addWidget(m_confounders, 1);
    grid->addLayout(left, 3);
    grid->addLayout(right, 2);
    return results;
}

void ComparePage::reload()
{
    const quint64 generation = ++*m_listing;
    m_listingBusy = true;
    const std::string path = !m_db.isNull() ? m_db.path : std::string();
    const std::optional<ValidityPolicy> policy =
        !m_db.isNull() ? std::optional<ValidityPolicy>(m_db.policy) : std::nullopt;
    runSuperseding<Listing>(
        this, m_listing,
        [path, policy, generation] {
            Listing l;
            l.generation = generation;
            l.path = path;
            std::vector<RunRecord> runs;
            std::optional<ComparePreset> pilot;
            try {
                if (policy) {
                    const auto own = Store::openReadOnly(path, *policy); // read-only
                    Store &store = *own;
                    runs = store.listRuns();
                    pilot = pilotPreset(store);
                }
            } catch (const std::exception &e) {
                l.error = tr("Cannot read the runs: %1").arg(QString::fromUtf8(e.what()));
            }
            l.presets = comparePresets(runs);
            if (pilot) // last: the mode and dtype presets keep their places
                l.presets.push_back(*pilot);
            // The default: the pilot's sides; an arbitrary pair of modes only without them.
            if (!l.presets.empty())
                l.defaultPreset = pilot ? static_cast<int>(l.presets.size()) - 1 : 0;
            l.items.reserve(static_cast<qsizetype>(runs.size()));
            for (auto it = runs.rbegin(); it != runs.rend(); ++it) { // newest first
                const RunRecord &r = *it;
                const QString evidence = !r.valid   ? QString()
                                         : *r.valid ? tr(", valid")
                                                    : tr(", invalid");
                l.items.append(
                    {static_cast<qlonglong>(r.id),
                     tr("#%1  %2  (%3%4)")
                         .arg(r.id)
                         .arg(fmt::fromStd(r.runKey), fmt::statusLabel(r.status), evidence)});
            }
            return l;
        },
        [this](Listing l) { applyListing(std::move(l)); });
}

void ComparePage::applyListing(Listing l)
{
    m_listingBusy = false;
    const bool same = l.path == m_listedPath; // else ids mean other runs
    const QList<qlonglong> keepBase = same ? checked(m_baseline) : QList<qlonglong>();
    const QList<qlonglong> keepCand = same ? checked(m_candidate) : QList<qlonglong>();
    m_listedPath = l.path;
    if (!l.error.isEmpty())
        m_state->setText(l.error);
    m_presets = std::move(l.presets);
    m_preset->clear();
    m_preset->addItem(tr("Custom selection"));
    for (const ComparePreset &p : m_presets)
        m_preset->addItem(p.axis == "pilot"
                              ? tr("Pilot “%1”: %2 vs %3 (#%4 vs #%5)")
                                    .arg(fmt::fromStd(p.fixedValue), trModelText(p.baselineValue),
                                         trModelText(p.candidateValue))
                                    .arg(p.baselineRun)
                                    .arg(p.candidateRun)
                              : tr("%1 vs %2 — %3, %4 (#%5 vs #%6)")
                                    .arg(trModelText(p.baselineValue),
                                         trModelText(p.candidateValue), fmt::fromStd(p.workload),
                                         fmt::fromStd(p.fixedValue))
                                    .arg(p.baselineRun)
                                    .arg(p.candidateRun));
    m_baseline->setRuns(l.items);
    m_candidate->setRuns(l.items);
    Q_EMIT listed();
    // A user's choice stays (same database); the page's own default follows the pilot's newest
    // runs, and another pilot once selected.
    if (m_userChoice && (!keepBase.isEmpty() || !keepCand.isEmpty()))
        setSides(keepBase, keepCand, m_axis->currentData().toString());
    else
        applyDefault(l.defaultPreset);
}

void ComparePage::applyDefault(int preset)
{
    if (preset >= 0)
        applyPreset(preset);
    else
        compareNow();
    m_userChoice = false;
}

void ComparePage::applyPreset(int index)
{
    if (index < 0 || index >= presetCount())
        return;
    const ComparePreset &p = m_presets[static_cast<std::size_t>(index)];
    setSides({p.baselineRun}, {p.candidateRun}, fmt::fromStd(p.axis));
    m_preset->setCurrentIndex(index + 1);
}

QList<qlonglong> ComparePage::baselineChecked() const
{
    return checked(m_baseline);
}

QList<qlonglong> ComparePage::candidateChecked() const
{
    return checked(m_candidate);
}

void ComparePage::setSides(const QList<qlonglong> &baseline, const QList<qlonglong> &candidate,
                           const QString &axis)
{
    m_userChoice = true; // a caller's choice, or applyDefault()'s until it says otherwise
    check(m_baseline, baseline);
    check(m_candidate, candidate);
    m_axis->setCurrentIndex(std::max(0, m_axis->findData(axis)));
    m_preset->setCurrentIndex(0);
    compareNow();
}

QList<qlonglong> ComparePage::checked(RunCheckModel *list) const
{
    return list->checkedIds();
}

void ComparePage::check(RunCheckModel *list, const QList<qlonglong> &ids)
{
    list->setChecked(ids);
}

void ComparePage::compareNow()
{
    m_debounce->stop();
    const quint64 generation = ++*m_generation;
    const QList<qlonglong> b = checked(m_baseline), c = checked(m_candidate);
    if (m_db.isNull() || b.isEmpty() || c.isEmpty()) {
        Result none;
        none.generation = generation;
        none.error = tr("Check at least one run on each side.");
        return apply(none);
    }
    CompareOptions options;
    options.axis = m_axis->currentData().toString().toStdString();
    const std::string path = m_db.path;
    const ValidityPolicy policy = m_db.policy; // the worker judges alike
    const std::vector<long long> base(b.begin(), b.end()), cand(c.begin(), c.end());
    m_busy = true;
    m_state->setText(tr("Comparing…"));
    runSuperseding<Result>(
        this, m_generation,
        [path, policy, base, cand, options, generation] {
            Result r;
            r.generation = generation;
            try {
                // Its own read-only connection: never shared across threads, never writes.
                const auto own = Store::openReadOnly(path, policy);
                Store &store = *own;
                r.comparison = compareRuns(store, base, cand,
                                           withPilotReasons(store, base, cand, options,
                                                            &r.baselineLabel, &r.candidateLabel));
                r.baselineProfile = firstRunProfile(store, base);
                r.candidateProfile = firstRunProfile(store, cand);
                // The checked server runs of each side; with none, the pilot's sides'.
                const PilotDefinition pilot = PilotStore(store).selected();
                r.sloSeconds = pilot.sloP99Seconds;
                RunSelection checkedBase, checkedCand;
                checkedBase.runIds = base;
                checkedCand.runIds = cand;
                r.baselineServing = servingCurve(store, checkedBase, r.sloSeconds);
                r.candidateServing = servingCurve(store, checkedCand, r.sloSeconds);
                if (r.baselineServing.points.empty() && r.candidateServing.points.empty()) {
                    r.servingFromPilot = true;
                    r.baselineServing =
                        servingCurve(store, pilot.baseline.selection(pilot.workload), r.sloSeconds);
                    r.candidateServing = servingCurve(
                        store, pilot.candidate.selection(pilot.workload), r.sloSeconds);
                }
            } catch (const std::exception &e) {
                r.error = QString::fromUtf8(e.what());
            }
            return r;
        },
        [this](const Result &r) { apply(r); });
}

void ComparePage::apply(const Result &r)
{
    m_busy = false;
    m_comparison = r.comparison;
    m_model->setSideLabels(r.baselineLabel, r.candidateLabel);
    m_model->setMetrics(r.comparison.metrics);
    m_table->resizeColumnsToContents();
    m_confounders->setHorizontalHeaderLabels(
        {tr("Factor"), r.baselineLabel.isEmpty() ? tr("Baseline") : r.baselineLabel,
         r.candidateLabel.isEmpty() ? tr("Candidate") : r.candidateLabel, QString()});
    showConfounders(r.comparison.confounders);
    m_operators->setSides(
        r.baselineLabel.isEmpty() ? tr("Baseline") : r.baselineLabel, r.baselineProfile,
        r.candidateLabel.isEmpty() ? tr("Candidate") : r.candidateLabel, r.candidateProfile);
    const QString baselineName = r.baselineLabel.isEmpty() ? tr("Baseline") : r.baselineLabel;
    const QString candidateName = r.candidateLabel.isEmpty() ? tr("Candidate") : r.candidateLabel;
    m_serving->setCurves({{baselineName, r.baselineServing}, {candidateName, r.candidateServing}},
                         r.sloSeconds);
    const bool noServing = r.baselineServing.points.empty() && r.candidateServing.points.empty();
    m_servingNote->setText(
        noServing ? tr("No server-scenario run on either side: torchpilot peak, or the pilot's "
                       "serving step, measures the curves.")
        : r.servingFromPilot
            ? tr("No checked run is a server-scenario run: the curves are the selected pilot's "
                 "sides' (torchpilot peak, or the pilot's serving step, measures them).")
            : tr("The checked server-scenario runs of each side: completed QPS against latency, "
                 "each side's peak within the SLO ringed."));
    const Comparison &c = r.comparison;
    if (c.baselineEndToEnd.executions + c.candidateEndToEnd.executions > 0)
        m_endToEnd->setGroups({c.baselineEndToEnd, c.candidateEndToEnd},
                              {baselineName, candidateName});
    else
        m_endToEnd->clear();
    QStringList notes;
    if (r.error.isEmpty())
        notes << tr("Baseline %1: %2 steady samples; candidate %3: %4 steady samples. %5 bootstrap "
                    "resamples of at most %6 samples per side, fixed seed.")
                     .arg(joined(c.baselineRuns, runId))
                     .arg(c.baselineSamples)
                     .arg(joined(c.candidateRuns, runId))
                     .arg(c.candidateSamples)
                     .arg(c.resamples)
                     .arg(QLocale().toString(qulonglong(CompareOptions().maxSamplesPerSide)));
    for (const Message &w : c.warnings) // amber, like the confounders that need attention
        notes << QStringLiteral("<font color=\"#b26a00\">⚠ %1</font>")
                     .arg(trModelText(w).toHtmlEscaped());
    m_notes->setText(notes.join(QStringLiteral("<br>")));
    m_state->setText(!r.error.isEmpty() ? r.error
                     : c.hasUnexpectedConfounder()
                         ? tr("Not like for like: see the amber confounders")
                         : tr("Like for like: only the compared axis differs"));
    Q_EMIT computed(r.error);
}

void ComparePage::showConfounders(const std::vector<Confounder> &confounders)
{
    m_confounders->setRowCount(static_cast<int>(confounders.size()));
    const QColor amber(0xff, 0xe0, 0x82), expected(0xd6, 0xea, 0xf8);
    for (int row = 0; row < static_cast<int>(confounders.size()); ++row) {
        const Confounder &c = confounders[static_cast<std::size_t>(row)];
        const QString verdict = c.mixed ? tr("mixed within a side")
                                : !c.allowedReason.empty()
                                    ? tr("allowed: %1").arg(trModelText(c.allowedReason))
                                : c.expected ? tr("differs (the compared axis)")
                                : c.differs  ? tr("differs")
                                             : tr("same");
        const QString cells[] = {CompareModel::factorName(c.key),
                                 joined(c.baseline, valueOrUnknown),
                                 joined(c.candidate, valueOrUnknown), verdict};
        for (int col = 0; col < 4; ++col) {
            auto *item = new QTableWidgetItem(cells[col]);
            item->setToolTip(fmt::plainToolTip(cells[col])); // stored values, as they are
            if (c.differs || c.mixed) {
                item->setBackground(c.expected && !c.mixed ? expected : amber);
                item->setForeground(QColor(Qt::black)); // readable on the light fill in any theme
            }
            m_confounders->setItem(row, col, item);
        }
    }
    m_confounders->resizeColumnsToContents();
}

} // namespace tp
