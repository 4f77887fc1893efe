// Fuzz target (threat model I1, I2): arbitrary bytes imported into a database that already holds
// a complete run, then everything a user can look at rendered offscreen — every page of the main
// window, the details of every run (up to 40), a comparison, and the PDF report — then the
// database's integrity checked and the complete run compared with what it held before. Nothing
// may crash, throw out, or change that run.
//
// Unlike fuzz/CMakeLists.txt's targets this one needs Qt Widgets, so it is built by the normal
// build (g++, or clang under the sanitizer build) with fuzz/standalone_driver.cpp as its main:
// it replays files and mutates them for a given time (bench/fuzz.sh feeds it fuzz_ingest's
// coverage-grown corpus). The entry points are libFuzzer's, so a clang build can link it with
// -fsanitize=fuzzer instead.
#include "model/ingest/ingestor.h"
#include "model/store/store.h"
#include "model/store/store_connection.h"
#include "sealed_run.h"
#include "ui/main_window.h"
#include "ui/pages/compare_page.h"
#include "ui/pages/run_detail_view.h"
#include "ui/pages/runs_page.h"
#include "ui/report/report_export.h"

#include <QApplication>
#include <QDir>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include <SQLiteCpp/SQLiteCpp.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

namespace
{

[[noreturn]] void fail(const std::string &what)
{
    std::fprintf(stderr, "fuzz_render: %s\n", what.c_str());
    std::abort();
}

template <class F> void waitFor(F done, const char *what)
{
    if (!QTest::qWaitFor(done, 60000))
        fail(std::string("waited a minute: ") + what);
}

QTemporaryDir *workDir()
{
    static QTemporaryDir dir;
    return &dir;
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    // Not a static: one would be torn down after Qt's own statics at exit. The standalone
    // driver deletes it before main returns (TPFuzzerCleanup); under libFuzzer it lives on.
    static int args = *argc;
    new QApplication(args, *argv);
    (void)workDir();
    return 0;
}

extern "C" void TPFuzzerCleanup()
{
    delete qApp;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    // The first byte is fuzz_ingest's mode byte (its corpus is this target's input): skipped.
    if (size > 0) {
        ++data;
        --size;
    }
    static int n = 0;
    const QString path = workDir()->filePath(QStringLiteral("render-%1.sqlite").arg(n++ % 2));
    for (const char *suffix : {"", "-wal", "-shm"})
        QFile::remove(path + QString::fromLatin1(suffix));
    tp::Store store(path.toStdString());
    const long long sealedId = tp::fuzz::storeSealedRun(store);
    const std::string before = tp::fuzz::snapshot(tp::StoreConnection::of(store), sealedId);
    try {
        tp::RunIngestor in(store, "fuzz");
        in.feed(reinterpret_cast<const char *>(data), size);
        in.finish();
    } catch (const std::exception &e) {
        fail(std::string("the ingestor threw: ") + e.what());
    }
    if (tp::fuzz::snapshot(tp::StoreConnection::of(store), sealedId) != before)
        fail("the complete run changed");
    const int runs = static_cast<int>(store.runCount());
    {
        tp::MainWindow window(&store);
        window.resize(1280, 800);
        window.show();
        tp::RunsPage *runsPage = window.runsPage();
        waitFor([&] { return runsPage->runCount() == runs; }, "the run listing");
        auto *detail = runsPage->findChild<tp::RunDetailView *>();
        SQLite::Statement ids(tp::StoreConnection::of(store),
                              "SELECT id FROM runs ORDER BY id LIMIT 40");
        std::vector<long long> shown;
        while (ids.executeStep())
            shown.push_back(ids.getColumn(0).getInt64());
        for (long long id : shown) {
            runsPage->selectRunId(id);
            waitFor([&] { return detail->runId() == id; }, "a run's details");
        }
        auto *tabs = window.findChild<QTabWidget *>();
        for (int i = 0; tabs && i < tabs->count(); ++i) {
            tabs->setCurrentIndex(i);
            QTest::qWait(30);
            (void)window.grab(); // painted: every chart and table draws what the store holds
        }
        if (auto *compare = window.findChild<tp::ComparePage *>(); compare && shown.size() > 1) {
            compare->setSides({shown.front()}, {shown.back()}, QStringLiteral("mode"));
            waitFor([&] { return !compare->isBusy(); }, "the comparison");
        }
        bool written = false;
        QString error;
        tp::exportPdfReportTo(&window, path, workDir()->filePath(QStringLiteral("report.pdf")),
                              [&](const QString &e, int) {
                                  error = e;
                                  written = true;
                              });
        waitFor([&] { return written; }, "the PDF report");
        if (!error.isEmpty())
            fail("the PDF report failed: " + error.toStdString());
    }
    if (tp::StoreConnection::of(store).execAndGet("PRAGMA integrity_check").getString() != "ok")
        fail("the database failed its integrity check");
    if (tp::fuzz::snapshot(tp::StoreConnection::of(store), sealedId) != before)
        fail("the complete run changed while it was shown");
    return 0;
}
