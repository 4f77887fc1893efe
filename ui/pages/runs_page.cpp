#include "runs_page.h"

#include "file_importer.h"
#include "frontend/settings.h"
#include "model/store/store.h"
#include "run_detail_dialog.h"
#include "run_detail_view.h"
#include "ui/models/run_filter_proxy.h"
#include "ui/models/runs_model.h"
#include "ui/superseding_task.h"
#include "ui/widgets/run_filter_bar.h"

#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMimeData>
#include <QScrollArea>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QUrl>
#include <QVBoxLayout>

namespace tp
{

RunsPage::RunsPage(StoreLocation store, QWidget *parent)
    : QWidget(parent), m_db(std::move(store)), m_model(new RunsModel(this)),
      m_proxy(new RunFilterProxy(this)), m_importer(new FileImporter(this)),
      m_generation(std::make_shared<std::atomic<quint64>>(0))
{
    m_proxy->setSourceModel(m_model);
    m_filterBar = new RunFilterBar(m_proxy, m_model);
    connect(m_proxy, &RunFilterProxy::filterChanged, this, &RunsPage::visibleRunsChanged);

    m_message = new QLabel;
    m_message->setTextFormat(Qt::PlainText); // names the files and why they were not imported
    m_message->setWordWrap(true);
    m_message->hide();
    m_messageTimer = new QTimer(this);
    m_messageTimer->setSingleShot(true);
    m_messageTimer->setInterval(10000);
    connect(m_messageTimer, &QTimer::timeout, m_message, &QWidget::hide);

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
    // Fixed row height: measuring 10 000 rows to contents would cost seconds on every reload.
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setHighlightSections(false);
    // Column widths fit the first rows only, not all 10 000.
    m_table->horizontalHeader()->setResizeContentsPrecision(100);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &RunsPage::onCurrentRowChanged);
    connect(m_table, &QAbstractItemView::doubleClicked, this, [this](const QModelIndex &index) {
        const long long id = index.data(RunsModel::RunIdRole).toLongLong();
        if (id > 0) {
            openRunDetail(id);
            Q_EMIT runActivated(id);
        }
    });

    auto *left = new QWidget;
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->setSpacing(4);
    leftLayout->addWidget(m_filterBar);
    leftLayout->addWidget(m_message);
    leftLayout->addWidget(m_table);

    m_detail = new RunDetailView;
    m_splitter = new QSplitter(Qt::Vertical);
    m_splitter->addWidget(left);
    // The details scroll where the window is too short for them (a TPU run's Accelerator group
    // adds three rows) instead of squeezing their rows into each other.
    auto *detailScroll = new QScrollArea;
    detailScroll->setWidget(m_detail);
    detailScroll->setWidgetResizable(true);
    detailScroll->setFrameShape(QFrame::NoFrame);
    m_splitter->addWidget(detailScroll);
    m_splitter->setStretchFactor(0, 2);
    m_splitter->setStretchFactor(1, 5);
    m_splitter->setSizes({250, 550});
    m_splitter->setChildrenCollapsible(false);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_splitter);

    setAcceptDrops(true);
    connect(m_importer, &FileImporter::finished, this, &RunsPage::onImportFinished);
}

RunsPage::~RunsPage()
{
    ++*m_generation; // a listing still running is dropped
}

void RunsPage::setStore(StoreLocation store)
{
    m_db = std::move(store);
    reload();
}

void RunsPage::reload()
{
    const quint64 generation = ++*m_generation;
    if (m_db.isNull()) {
        applyListing({generation, {}, {}});
        return;
    }
    if (!m_loading)
        m_pendingSelect = selectedRunId(); // kept when it still exists
    m_loading = true;
    const std::string path = m_db.path;
    const ValidityPolicy policy = m_db.policy;
    runSuperseding<Listing>(
        this, m_generation,
        [path, policy, generation] {
            Listing l{generation, {}, {}};
            try {
                // Its own read-only connection: never shared across threads, never writes.
                const auto own = Store::openReadOnly(path, policy);
                const Store &store = *own;
                l.runs = store.listRuns();
            } catch (const std::exception &e) {
                l.error = tr("Cannot read the runs: %1").arg(QString::fromUtf8(e.what()));
            }
            return l;
        },
        [this](Listing l) { applyListing(std::move(l)); });
}

void RunsPage::applyListing(Listing listing)
{
    m_loading = false;
    const long long keep = m_pendingSelect;
    m_pendingSelect = 0;
    const bool wasEmpty = m_model->rowCount() == 0;
    // The runs replaced are freed on a worker: 10 000 records take milliseconds to destroy.
    auto replaced =
        std::make_shared<std::vector<RunRecord>>(m_model->setRuns(std::move(listing.runs)));
    storeWorkerPool()->start([replaced] { std::vector<RunRecord>().swap(*replaced); });
    m_filterBar->refreshChoices();
    // Fit the columns to the first runs shown; later reloads keep the widths (the user's too).
    if (wasEmpty)
        m_table->resizeColumnsToContents();
    if (!listing.error.isEmpty())
        m_detail->showEmpty(listing.error);
    else if (keep == -1 && m_proxy->rowCount() > 0)
        selectFirstRun();
    else if (keep > 0 && m_model->rowForRunId(keep) >= 0)
        setCurrentRun(keep); // kept, or asked for while loading (then no longer the first run)
    else
        m_detail->showEmpty(m_model->rowCount() == 0
                                ? tr("No runs yet. Launch a benchmark, or drop result files "
                                     "(.jsonl, .json) here to import them.")
                                : QString());
    Q_EMIT runCountChanged(m_model->rowCount());
    Q_EMIT loaded();
}

void RunsPage::selectRunId(long long id)
{
    m_firstRunSelected = false; // a caller's choice
    if (m_loading) {
        m_pendingSelect = id;
        return;
    }
    setCurrentRun(id);
}

void RunsPage::setCurrentRun(long long id)
{
    const int row = m_model->rowForRunId(id);
    if (row < 0)
        return;
    m_settingCurrent = true;
    QModelIndex index = m_proxy->mapFromSource(m_model->index(row, 0));
    if (!index.isValid()) { // hidden by the filters: clear them so the run can be shown
        m_filterBar->clearFilters();
        index = m_proxy->mapFromSource(m_model->index(row, 0));
    }
    const bool alreadyCurrent = m_table->selectionModel()->currentIndex() == index;
    m_table->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect |
                                                          QItemSelectionModel::Rows);
    m_table->scrollTo(index);
    if (alreadyCurrent) // no currentRowChanged will come: re-read the run anyway
        onCurrentRowChanged();
    m_settingCurrent = false;
}

void RunsPage::selectFirstRun()
{
    if (m_loading) {
        m_pendingSelect = -1;
        return;
    }
    if (m_proxy->rowCount() == 0)
        return;
    m_firstRunSelected = true; // before the current row moves: currentRunChanged() tells
    setCurrentRun(m_proxy->index(0, 0).data(RunsModel::RunIdRole).toLongLong());
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

QList<long long> RunsPage::visibleRunIds() const
{
    return m_proxy->visibleRunIds();
}

void RunsPage::onCurrentRowChanged()
{
    if (!m_settingCurrent) // the user (or the filters) moved it
        m_firstRunSelected = false;
    const long long id = selectedRunId();
    if (id == 0 || m_db.isNull())
        m_detail->showEmpty();
    else
        m_detail->loadRun(m_db, id);
    Q_EMIT currentRunChanged(id);
}

void RunsPage::openRunDetail(long long runId)
{
    if (m_db.isNull() || runId <= 0)
        return;
    auto *dialog = new RunDetailDialog(m_db, runId, this);
    dialog->show();
}

void RunsPage::saveState(Settings &settings) const
{
    settings.setSplitterState(QStringLiteral("runs"), m_splitter->saveState());
}

void RunsPage::restoreState(const Settings &settings)
{
    const QByteArray state = settings.splitterState(QStringLiteral("runs"));
    if (!state.isEmpty())
        m_splitter->restoreState(state);
}

// --- Importing dropped files -------------------------------------------------------------

QStringList RunsPage::importableFiles(const QMimeData *mime)
{
    QStringList files;
    if (!mime || !mime->hasUrls())
        return files;
    for (const QUrl &url : mime->urls()) {
        if (url.isLocalFile() && FileImporter::isImportable(url.toLocalFile()))
            files << url.toLocalFile();
    }
    return files;
}

void RunsPage::dragEnterEvent(QDragEnterEvent *event)
{
    const QStringList files = importableFiles(event->mimeData());
    if (files.isEmpty() || m_db.isNull()) {
        event->ignore();
        return;
    }
    event->acceptProposedAction();
    showMessage(tr("Drop to import %n result file(s) into this database.", nullptr,
                   static_cast<int>(files.size())));
}

void RunsPage::dragLeaveEvent(QDragLeaveEvent *event)
{
    m_message->hide();
    QWidget::dragLeaveEvent(event);
}

void RunsPage::dropEvent(QDropEvent *event)
{
    const QStringList files = importableFiles(event->mimeData());
    if (files.isEmpty() || m_db.isNull()) {
        event->ignore();
        return;
    }
    event->acceptProposedAction();
    importFiles(files);
}

void RunsPage::importFiles(const QStringList &files)
{
    if (m_db.isNull() || files.isEmpty())
        return;
    showMessage(tr("Importing %n file(s)…", nullptr, static_cast<int>(files.size())));
    Q_EMIT importStarted(static_cast<int>(files.size()));
    m_importer->importFiles(QString::fromStdString(m_db.path), files);
}

void RunsPage::onImportFinished(const ImportOutcome &outcome)
{
    reload();
    if (!outcome.runIds.isEmpty())
        selectRunId(outcome.runIds.front());
    QString text = tr("Imported %n file(s)", nullptr, static_cast<int>(outcome.imported.size()));
    text += tr(": %n run(s), ", nullptr, static_cast<int>(outcome.runIds.size()));
    text += tr("%n new sample(s).", nullptr, static_cast<int>(outcome.newSamples));
    if (!outcome.failures.isEmpty())
        text += QLatin1Char(' ') +
                tr("Not imported: %1").arg(outcome.failures.join(QStringLiteral("; ")));
    showMessage(text, !outcome.failures.isEmpty());
    Q_EMIT statusMessage(text);
    Q_EMIT importFinished(outcome.runIds);
}

void RunsPage::showMessage(const QString &text, bool error)
{
    m_message->setText(text);
    m_message->setStyleSheet(error ? QStringLiteral("QLabel { color: #c62828; padding: 2px; }")
                                   : QStringLiteral("QLabel { color: #1565c0; padding: 2px; }"));
    m_message->show();
    m_messageTimer->start();
}

} // namespace tp
