#include "runs_page.h"

#include "run_detail_view.h"
#include "runs_model.h"
#include "store.h"

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace tp {

RunsPage::RunsPage(Store *store, QWidget *parent)
    : QWidget(parent)
    , m_store(store)
    , m_model(new RunsModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
{
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(RunsModel::SortRole);
    m_proxy->setFilterRole(RunsModel::FilterRole);
    m_proxy->setFilterKeyColumn(-1);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);

    m_search = new QLineEdit;
    m_search->setPlaceholderText(tr("Filter runs by key, workload, mode, dtype, status…"));
    m_search->setClearButtonEnabled(true);
    connect(m_search, &QLineEdit::textChanged, m_proxy, &QSortFilterProxyModel::setFilterFixedString);

    m_table = new QTableView;
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(RunsModel::Id, Qt::DescendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->setShowGrid(false);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setHighlightSections(false);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &RunsPage::onCurrentRowChanged);

    auto *left = new QWidget;
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_search);
    leftLayout->addWidget(m_table);

    m_detail = new RunDetailView;
    m_splitter = new QSplitter(Qt::Vertical);
    m_splitter->addWidget(left);
    m_splitter->addWidget(m_detail);
    m_splitter->setStretchFactor(0, 2);
    m_splitter->setStretchFactor(1, 5);
    m_splitter->setSizes({230, 570});
    m_splitter->setChildrenCollapsible(false);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_splitter);
}

void RunsPage::reload()
{
    const long long keep = selectedRunId();
    std::vector<RunRecord> runs;
    if (m_store) {
        try {
            runs = m_store->listRuns();
        } catch (const std::exception &e) {
            m_detail->showEmpty(tr("Cannot read the runs: %1").arg(QString::fromUtf8(e.what())));
        }
    }
    m_model->setRuns(std::move(runs));
    // Fit the columns once per reload; the user can still resize them afterwards.
    m_table->resizeColumnsToContents();
    if (keep != 0 && m_model->rowForRunId(keep) >= 0)
        selectRunId(keep);
    else
        m_detail->showEmpty(m_model->rowCount() == 0
                                ? tr("No runs yet. Launch a benchmark or import a contract file.")
                                : QString());
    emit runCountChanged(m_model->rowCount());
}

void RunsPage::selectRunId(long long id)
{
    const int row = m_model->rowForRunId(id);
    if (row < 0)
        return;
    QModelIndex index = m_proxy->mapFromSource(m_model->index(row, 0));
    if (!index.isValid()) { // hidden by the filter: clear it so the run can be shown
        m_search->clear();
        index = m_proxy->mapFromSource(m_model->index(row, 0));
    }
    const bool alreadyCurrent = m_table->selectionModel()->currentIndex() == index;
    m_table->selectionModel()->setCurrentIndex(
        index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_table->scrollTo(index);
    if (alreadyCurrent) // no currentRowChanged will come: re-read the run anyway
        onCurrentRowChanged();
}

void RunsPage::selectFirstRun()
{
    if (m_proxy->rowCount() == 0)
        return;
    const QModelIndex index = m_proxy->index(0, 0);
    selectRunId(index.data(RunsModel::RunIdRole).toLongLong());
}

long long RunsPage::selectedRunId() const
{
    const QModelIndex current = m_table->selectionModel()->currentIndex();
    return current.isValid() ? current.data(RunsModel::RunIdRole).toLongLong() : 0;
}

int RunsPage::runCount() const
{
    return m_model->rowCount();
}

void RunsPage::onCurrentRowChanged()
{
    const long long id = selectedRunId();
    if (id == 0 || !m_store) {
        m_detail->showEmpty();
    } else {
        m_detail->showRun(*m_store, id);
    }
    emit currentRunChanged(id);
}

} // namespace tp
