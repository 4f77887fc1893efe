#include "cost_result_view.h"

#include "ui/format.h"

#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <functional>
#include <iterator>

namespace tp
{

namespace
{
QTableWidget *makeTable(int columns)
{
    auto *t = new QTableWidget(0, columns);
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setSelectionMode(QAbstractItemView::NoSelection);
    t->setAlternatingRowColors(true);
    t->setWordWrap(false);
    t->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    t->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    t->verticalHeader()->hide();
    t->verticalHeader()->setDefaultSectionSize(t->fontMetrics().height() + 4);
    return t;
}

void setRow(QTableWidget *t, int row, const QStringList &cells, bool bold = false)
{
    for (int col = 0; col < cells.size(); ++col) {
        auto *item = new QTableWidgetItem(cells[col]);
        item->setTextAlignment(col == 0 ? Qt::Alignment(Qt::AlignLeft | Qt::AlignVCenter)
                                        : Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
        if (bold) {
            QFont f = item->font();
            f.setBold(true);
            item->setFont(f);
        }
        item->setToolTip(fmt::plainToolTip(cells[col])); // amounts carry the currency (data)
        t->setItem(row, col, item);
    }
}

QString hours(double h)
{
    if (h < 1.0 / 60.0)
        return fmt::duration(h * 3600.0);
    return CostResultView::tr("%1 h").arg(QLocale().toString(h, 'g', 3));
}
} // namespace

CostResultView::CostResultView(QWidget *parent) : QWidget(parent)
{
    m_results = makeTable(3);
    m_results->setObjectName(QStringLiteral("costResults"));
    m_sensitivity = makeTable(5);
    m_sensitivity->setObjectName(QStringLiteral("sensitivity"));
    m_summary = new QLabel;
    m_summary->setWordWrap(true);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_summary);
    layout->addWidget(m_results, 1);
    layout->addWidget(
        new QLabel(tr("<b>Sensitivity</b> — cost per useful result with one price ±25 %")));
    layout->addWidget(m_sensitivity);
}

QString CostResultView::summary() const
{
    return m_summary->text();
}

QString CostResultView::money(std::optional<double> amount, const std::string &currency)
{
    if (!amount)
        return fmt::missing();
    const double v = *amount;
    // Costs per result are tiny: scientific notation, always four significant digits.
    const QString number = v == 0 || std::abs(v) >= 0.01 ? QLocale().toString(v, 'f', 2)
                                                         : QLocale().toString(v, 'e', 3);
    return QStringLiteral("%1 %2").arg(number, fmt::fromStd(currency)).trimmed();
}

QString CostResultView::componentName(const std::string &c)
{
    if (c == "accelerator")
        return tr("Accelerator");
    if (c == "host")
        return tr("Host");
    if (c == "storage")
        return tr("Storage");
    if (c == "network")
        return tr("Network");
    if (c == "observability")
        return tr("Observability");
    if (c == "all prices")
        return tr("All prices");
    if (c == "of which preparation")
        return tr("of which preparation");
    if (c == "of which idle")
        return tr("of which idle time");
    if (c == "of which compilation")
        return tr("of which compilation");
    if (c == "of which lost attempts")
        return tr("of which lost attempts");
    if (c == "of which spot overhead")
        return tr("of which Spot overhead");
    return fmt::fromStd(c);
}

void CostResultView::show(const Side &baseline, const Side &candidate)
{
    m_results->setHorizontalHeaderLabels({tr("Per side"), tr("Baseline"), tr("Candidate")});
    m_results->horizontalHeaderItem(1)->setToolTip(fmt::plainToolTip(baseline.label));
    m_results->horizontalHeaderItem(2)->setToolTip(fmt::plainToolTip(candidate.label));
    const Side *sides[] = {&baseline, &candidate};
    std::optional<CostResult> r[2];
    for (int i = 0; i < 2; ++i)
        if (sides[i]->model)
            r[i] = computeCost(*sides[i]->model, sides[i]->runs);
    auto cur = [&](int i) { return sides[i]->model ? sides[i]->model->currency : std::string(); };
    auto cell = [&](int i, auto text) { return r[i] ? text(*r[i], cur(i)) : tr("not configured"); };
    using Text = std::function<QString(const CostResult &, const std::string &)>;
    const std::pair<QString, Text> rows[] = {
        {tr("Cost per useful result"),
         [](const CostResult &c, const std::string &k) { return money(c.costPerUsefulResult, k); }},
        {tr("Useful results"),
         [](const CostResult &c, const std::string &) {
             return QLocale().toString(c.usefulResults, 'g', 6);
         }},
        {tr("Runs: useful / lost"),
         [](const CostResult &c, const std::string &) {
             return tr("%1 / %2").arg(c.usefulRunIds.size()).arg(c.lostRunIds.size());
         }},
        {tr("Run time (compilation inside)"),
         [](const CostResult &c, const std::string &) {
             return tr("%1 (%2)").arg(hours(c.runHours), hours(c.compilationHours));
         }},
        {tr("Billed time"),
         [](const CostResult &c, const std::string &) { return hours(c.billedHours); }},
        {tr("Amortized migration per result"),
         [](const CostResult &c, const std::string &k) {
             return money(c.amortizedMigrationPerResult, k);
         }},
        {tr("Spot: on-demand cost"),
         [](const CostResult &c, const std::string &k) { return money(c.onDemandCost, k); }},
        {tr("Spot: net savings"),
         [](const CostResult &c, const std::string &k) { return money(c.spotNetSavings, k); }},
        {tr("Total attributed cost"), // bold, heads the breakdown below it
         [](const CostResult &c, const std::string &k) { return money(c.totalCost, k); }},
    };
    std::vector<std::string> components; // both sides' breakdown lines, in order (Spot adds one)
    for (const auto &side : r)
        if (side)
            for (const CostLine &line : side->breakdown)
                if (std::find(components.begin(), components.end(), line.component) ==
                    components.end())
                    components.push_back(line.component);
    m_results->setRowCount(int(std::size(rows) + components.size()));
    int row = 0;
    for (const auto &[name, text] : rows) {
        const bool bold = row == 0 || row + 1 == int(std::size(rows));
        setRow(m_results, row++, {name, cell(0, text), cell(1, text)}, bold);
    }
    for (const std::string &component : components) {
        auto amount = [&](int i) {
            if (r[i])
                for (const CostLine &line : r[i]->breakdown)
                    if (line.component == component)
                        return money(line.amount, cur(i));
            return fmt::missing();
        };
        const bool part =
            component.rfind("of which", 0) == 0; // informative: inside the lines above
        setRow(m_results, row,
               {QStringLiteral("    ") + componentName(component), amount(0), amount(1)});
        if (part)
            for (int col = 0; col < 3; ++col) {
                QFont f = m_results->item(row, col)->font();
                f.setItalic(true);
                m_results->item(row, col)->setFont(f);
            }
        ++row;
    }

    if (r[0] && r[1] && r[0]->costPerUsefulResult && r[1]->costPerUsefulResult &&
        *r[0]->costPerUsefulResult > 0) {
        const double ratio = *r[1]->costPerUsefulResult / *r[0]->costPerUsefulResult;
        const QString percent = QLocale().toString(std::abs(1 - ratio) * 100, 'f', 1);
        m_summary->setText(
            ratio <= 1.0
                ? tr("The candidate costs <b>%1 % less</b> per useful result than the baseline.")
                      .arg(percent)
                : tr("The candidate costs <b>%1 % more</b> per useful result than the baseline.")
                      .arg(percent));
    } else if (!r[0] || !r[1]) {
        m_summary->setText(tr("Configure a cost model for both sides to judge the cost gate."));
    } else {
        m_summary->setText(
            tr("A side has no useful result: the cost per useful result cannot be compared."));
    }
    fillSensitivity(baseline, candidate);
}

void CostResultView::fillSensitivity(const Side &baseline, const Side &candidate)
{
    m_sensitivity->setHorizontalHeaderLabels({tr("Price"), tr("Baseline −25 %"),
                                              tr("Baseline +25 %"), tr("Candidate −25 %"),
                                              tr("Candidate +25 %")});
    std::vector<SensitivityRow> rows[2];
    const Side *sides[] = {&baseline, &candidate};
    for (int i = 0; i < 2; ++i)
        if (sides[i]->model)
            rows[i] = sensitivity(*sides[i]->model, sides[i]->runs);
    const std::vector<SensitivityRow> &names = rows[0].empty() ? rows[1] : rows[0];
    m_sensitivity->setRowCount(int(names.size()));
    for (std::size_t n = 0; n < names.size(); ++n) {
        QStringList cells{componentName(names[n].component)};
        for (int i = 0; i < 2; ++i) {
            const std::string currency =
                sides[i]->model ? sides[i]->model->currency : std::string();
            const bool has = n < rows[i].size();
            cells << (has ? money(rows[i][n].minus25, currency) : fmt::missing())
                  << (has ? money(rows[i][n].plus25, currency) : fmt::missing());
        }
        setRow(m_sensitivity, int(n), cells, names[n].component == "all prices");
    }
    // Every row visible, no more: the result table above gets the rest of the height.
    const int shown = std::max(m_sensitivity->rowCount(), 6);
    m_sensitivity->setFixedHeight(m_sensitivity->horizontalHeader()->sizeHint().height() +
                                  shown * m_sensitivity->verticalHeader()->defaultSectionSize() +
                                  2 * m_sensitivity->frameWidth());
}

} // namespace tp
