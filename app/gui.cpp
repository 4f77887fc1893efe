#include "gui.h"

#include "frontend/settings.h"
#include "model/contract/output_file.h"
#include "model/store/store.h"
#include "ui/file_actions.h"
#include "ui/main_window.h"
#include "ui/store_location.h"

#include <QApplication>
#include <QBuffer>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QMessageBox>
#include <QPixmap>
#include <QTextStream>

namespace tp::cli
{

namespace
{
struct Gui {
    Q_DECLARE_TR_FUNCTIONS(Gui)
};
} // namespace

int runGui(const QString &db, const QString &screenshot, const QString &page,
           const QStringList &imports)
{
    QDir().mkpath(QFileInfo(db).absolutePath());
    QString why; // opening may migrate and re-judge: on a store worker, the event loop running
    const std::shared_ptr<Store> store = openStoreOnWorker(db.toStdString(), &why);
    if (!store) {
        QTextStream(stderr) << Gui::tr("torchpilot: error: %1").arg(why) << Qt::endl;
        if (screenshot.isEmpty())
            QMessageBox::critical(nullptr, Gui::tr("TorchPilot"), why);
        return 1;
    }
    Settings settings;
    MainWindow window(store.get(), screenshot.isEmpty() ? &settings : nullptr);
    window.resize(1280, 800);
    window.show();
    window.selectFirstRun();
    // Files given on the command line (a double-clicked stream) go through File ▸ Import
    // results…: the same importer, off the GUI thread, with the busy bar.
    if (!imports.isEmpty()) {
        const QString refusal = window.importResults(imports);
        if (!refusal.isEmpty()) {
            QTextStream(stderr) << Gui::tr("torchpilot: error: %1").arg(refusal) << Qt::endl;
            if (!screenshot.isEmpty())
                return 2;
        }
    }
    if (!page.isEmpty() && !window.showPage(page)) {
        QTextStream(stderr) << Gui::tr("torchpilot: error: unknown page '%1' (pages: %2)")
                                   .arg(page, MainWindow::pageNames().join(QStringLiteral(", ")))
                            << Qt::endl;
        return 2;
    }
    if (!screenshot.isEmpty()) {
        // Pages compute on worker threads: give them a moment to deliver before the grab.
        // An import started above is waited for (at most a minute), so the shot shows its runs,
        // and so is the Review page's evaluation of the gates.
        QElapsedTimer settle;
        settle.start();
        while (settle.elapsed() < 1500 ||
               ((window.fileActions()->isImporting() || window.isReviewBusy()) &&
                settle.elapsed() < 60000))
            QApplication::processEvents(QEventLoop::AllEvents, 50);
        const QPixmap shot = window.grab();
        QByteArray png;
        QBuffer buffer(&png);
        QString problem;
        if (shot.isNull() || !buffer.open(QIODevice::WriteOnly) || !shot.save(&buffer, "PNG"))
            problem = Gui::tr("the window could not be rendered");
        else
            try { // a new file renamed into place; a link, FIFO or device there is refused (I4)
                writeOutputFile(screenshot.toStdString(), std::string_view(png.data(), png.size()));
            } catch (const OutputError &e) {
                problem = QString::fromStdString(e.what());
            }
        if (!problem.isEmpty()) {
            QTextStream(stderr) << Gui::tr("torchpilot: error: cannot write screenshot '%1': %2")
                                       .arg(screenshot, problem)
                                << Qt::endl;
            return 1;
        }
        QTextStream(stdout) << Gui::tr("screenshot written to %1").arg(screenshot) << Qt::endl;
        return 0;
    }
    return QApplication::exec();
}

} // namespace tp::cli
