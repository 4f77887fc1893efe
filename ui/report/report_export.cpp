#include "report_export.h"
#include "ui/superseding_task.h"

#include "frontend/review_files.h"

#include "model/store/store.h"
#include "report_charts.h"
#include "report_data.h"
#include "report_renderer.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QGuiApplication>
#include <QLocale>
#include <QMainWindow>
#include <QMessageBox>
#include <QPointer>
#include <QStandardPaths>
#include <QStatusBar>
#include <QtConcurrent>

#include <stdexcept>

namespace tp
{

namespace
{
struct Collected {
    std::shared_ptr<ReportData> data;
    QString error;
};

void showStatus(QWidget *parent, const QString &message)
{
    if (auto *w = qobject_cast<QMainWindow *>(parent ? parent->window() : nullptr))
        w->statusBar()->showMessage(message, 15000);
}

// A warning whose text is shown as it is: an error message may quote a path or a stored name,
// which a message box would otherwise take for rich text when it looks like markup. Opened, not
// exec()'d: it is shown from a future's completion, where a nested event loop would run other
// completions (and this one's caller) re-entrantly.
void warn(QWidget *parent, const QString &text)
{
    auto *box = new QMessageBox(QMessageBox::Warning, ReportFiles::tr("Export PDF report"), text,
                                QMessageBox::Ok, parent);
    box->setTextFormat(Qt::PlainText);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}
} // namespace

void exportPdfReport(QWidget *parent, const StoreLocation &store)
{
    if (store.isNull()) {
        warn(parent, ReportFiles::tr("No database is open."));
        return;
    }
    const QString dbPath = QString::fromStdString(store.path);
    const QString suggested =
        QDir(QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation))
            .filePath(QFileInfo(dbPath).completeBaseName() + QStringLiteral("-report.pdf"));
    QString out = QFileDialog::getSaveFileName(parent, ReportFiles::tr("Export PDF report"),
                                               suggested, ReportFiles::tr("PDF documents (*.pdf)"));
    if (out.isEmpty())
        return;
    if (QFileInfo(out).suffix().isEmpty())
        out += QStringLiteral(".pdf");
    exportPdfReportTo(parent, dbPath, out);
}

void exportPdfReportTo(QWidget *parent, const QString &dbPath, const QString &out,
                       const std::function<void(const QString &error, int pages)> &done,
                       const QString &definitions)
{
    showStatus(parent, ReportFiles::tr("Writing the report…"));
    QGuiApplication::setOverrideCursor(Qt::WaitCursor);
    QPointer<QWidget> owner(parent);
    QObject *context = parent ? static_cast<QObject *>(parent) : QCoreApplication::instance();
    // Every export writes its own file: none supersedes another. Three steps: the data on a
    // worker, the charts recorded here (they are widgets), the layout and the PDF on a worker.
    auto finish = [owner, out, done](const QString &error, int pages) {
        QGuiApplication::restoreOverrideCursor();
        if (done)
            return done(error, pages);
        if (!error.isEmpty()) {
            showStatus(owner, ReportFiles::tr("The report was not written."));
            warn(owner, ReportFiles::tr("The report could not be written: %1").arg(error));
            return;
        }
        showStatus(owner,
                   ReportFiles::tr("Report written to %1 (%n page(s))", nullptr, pages).arg(out));
    };
    auto write = [context, out, finish](const Collected &c) {
        if (!c.error.isEmpty())
            return finish(c.error, 0);
        auto *writing = new QFutureWatcher<ReportRenderer::Result>(context);
        QObject::connect(writing, &QFutureWatcher<ReportRenderer::Result>::finished, context,
                         [writing, finish] {
                             writing->deleteLater();
                             const ReportRenderer::Result r = writing->result();
                             finish(r.error, r.pages);
                         });
        writing->setFuture(QtConcurrent::run(
            storeWorkerPool(),
            [data = c.data, charts = renderReportCharts(*c.data), out, locale = QLocale()] {
                return ReportRenderer::writePdf(*data, charts, out, locale);
            }));
    };
    auto *collecting = new QFutureWatcher<Collected>(context);
    QObject::connect(collecting, &QFutureWatcher<Collected>::finished, context,
                     [collecting, write] {
                         collecting->deleteLater();
                         write(collecting->result());
                     });
    collecting->setFuture(QtConcurrent::run(storeWorkerPool(), [dbPath, definitions] {
        Collected c;
        try {
            // A worker's own connection, read-only: writing a report never writes the database.
            const auto own = Store::openReadOnly(dbPath.toStdString());
            c.data = std::make_shared<ReportData>(
                collectReportData(*own, readGateDefinitions(definitions)));
        } catch (const std::exception &e) {
            c.error = QString::fromUtf8(e.what());
        }
        return c;
    }));
}

} // namespace tp
