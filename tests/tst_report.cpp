// torchpilot report as a user runs it, without a display: the PDF read back with poppler
// (pdftotext, pdftoppm, pdfimages, pdfinfo) — sections in order, the decision, every evidence
// run id and sign-off, "Page N of M" on every page, the same text from the same database, every
// page renders, charts are vectors (no image in the PDF), no word outside the text area or on top
// of another; bad input exits 2 and leaves nothing behind; pt_BR when its translation is built.
#include "model/ingest/ingestor.h"
#include "model/session/evaluate_review.h"
#include "model/store/store.h"
#include "review_fixture.h"
#include "test_util.h"
#include "ui/report/report_export.h"
#include "ui/report/report_format.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QMainWindow>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

class TestReport : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void englishReportHasEverySection();
    void sameDatabaseSameText();
    void everyPageRenders();
    void chartsAreVectors();
    void noWordOutsideTheTextAreaOrOnAnother();
    void portugueseReport();
    void dashboardExportWritesTheSameReport();
    void notYetReviewedShowsTheNewestRun();
    void missingDatabase();
    void unwritableOutput();

private:
    struct Result {
        int code = -1;
        QString out, err;
    };
    static Result exec(const QString &program, const QStringList &args,
                       const QProcessEnvironment &env = {})
    {
        QProcess p;
        if (!env.isEmpty())
            p.setProcessEnvironment(env);
        p.start(program, args);
        if (!p.waitForFinished(120000))
            return {};
        return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
                QString::fromUtf8(p.readAllStandardOutput()),
                QString::fromUtf8(p.readAllStandardError())};
    }
    // The app with no display at all: it must choose the offscreen platform itself.
    Result report(const QStringList &args)
    {
        auto env = QProcessEnvironment::systemEnvironment();
        for (const char *v : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
            env.remove(QLatin1String(v));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir.filePath(QStringLiteral("xdg")));
        return exec(QStringLiteral(TP_APP_PATH), QStringList{QStringLiteral("report")} + args, env);
    }
    QString text(const QString &pdf)
    {
        return exec(QStringLiteral("pdftotext"),
                    {QStringLiteral("-layout"), pdf, QStringLiteral("-")})
            .out;
    }
    int pages(const QString &pdf)
    {
        const QString info = exec(QStringLiteral("pdfinfo"), {pdf}).out;
        return QRegularExpression(QStringLiteral("Pages:\\s+(\\d+)"))
            .match(info)
            .captured(1)
            .toInt();
    }
    QString path(const char *name) const { return m_dir.filePath(QLatin1String(name)); }

    QTemporaryDir m_dir;
    QString m_db, m_pdf;
    tp::ReviewState m_state;
};

void TestReport::initTestCase()
{
    for (const char *tool : {"pdftotext", "pdftoppm", "pdfimages", "pdfinfo"})
        if (QStandardPaths::findExecutable(QLatin1String(tool)).isEmpty())
            QSKIP("poppler-utils (pdftotext, pdftoppm, pdfimages, pdfinfo) is not installed");
    m_db = path("report.sqlite");
    {
        tp::Store store(m_db.toStdString());
        for (const char *f : {"panels_realistic.jsonl", "panels_fixture.jsonl",
                              "charts_fixture.jsonl", "review_serving.jsonl"})
            tp::importFile(store, tptest::dataFile(f).toStdString());
        // A run key far wider than its column: it must wrap, never run into the next column.
        QFile in(tptest::dataFile("valid_run.jsonl")), out(path("long_key.jsonl"));
        QVERIFY(in.open(QIODevice::ReadOnly) && out.open(QIODevice::WriteOnly));
        QByteArray bytes = in.readAll();
        bytes.replace("fixture/mlp/eager/float32",
                      "a-very-long-pipeline-name/with-a-nested-experiment-folder/"
                      "mlp-128-256-32-seed42/eager/float32/batch-64");
        bytes.replace("fixture-eager-1", "long-key-1");
        out.write(bytes);
        out.close();
        tp::importFile(store, out.fileName().toStdString());

        // A recorded review with sign-offs and cost models, then one more candidate run.
        tptest::recordReview(store, tptest::presetInputs("route traffic back to the GPU pool"),
                             "Ana Reviewer", "shapes checked", "Carla Lead", "pilot week 1");
        tp::ReviewStore review(store);
        const tp::GateDefinitions defs = tptest::definitions();
        tp::importFile(store, tptest::dataFile("smoke_compiled.json").toStdString());
        review.signOff("cost", "Bruno Finance", "prices from the 2026 contract",
                       tp::evaluateReview(store, defs).evidenceHash);
        m_state = tp::evaluateReview(store, defs);
    }
    QVERIFY(m_state.lastReview.has_value());
    QVERIFY(!m_state.changesSinceLastReview.empty());
    m_pdf = path("en.pdf");
    const Result r = report({QStringLiteral("--db"), m_db, QStringLiteral("--out"), m_pdf,
                             QStringLiteral("--lang"), QStringLiteral("en")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QStringLiteral("Wrote ")), qPrintable(r.out));
}

void TestReport::englishReportHasEverySection()
{
    const QString t = text(m_pdf);
    const int n = pages(m_pdf);
    QCOMPARE_GE(n, 8);
    // Sections, in report order.
    int at = 0;
    for (const char *section :
         {"TorchPilot decision report", "Approval gates", "Changes since the last review",
          "The three panels", "Business", "Application", "Infrastructure",
          "Cold start vs warm state", "Steady-state latency", "Throughput within the SLO",
          "Latency against completed throughput", "Peak within the SLO: 100 QPS",
          "Peak within the SLO: 200 QPS", "Precision verdicts", "Cost per useful result",
          "Breakdown", "Sensitivity: each price ±25 %", "Environment and versions",
          "Appendix: every run"}) {
        const int i = t.indexOf(QString::fromUtf8(section), at);
        QVERIFY2(i >= 0, section);
        at = i;
    }
    const char *decision = m_state.report.decision == tp::Decision::Migrate
                               ? "Migrate to the candidate"
                           : m_state.report.decision == tp::Decision::KeepCurrentPath
                               ? "Keep the current path"
                               : "Inconclusive — keep the current path";
    QVERIFY(t.contains(QString::fromUtf8(decision)));
    QVERIFY(t.contains(QString::fromStdString(m_state.evidenceHash)));
    QVERIFY(t.contains(QStringLiteral("Last review recorded on")));
    // Every criterion with the run ids it rests on (as ranges, exactly as the gate table prints
    // them).
    for (const auto &g : m_state.report.gates)
        for (const auto &c : g.criteria) {
            QVERIFY2(t.contains(QString::fromStdString(c.id)), c.id.c_str());
            const QString ids = tp::report::idRanges(c.runIds);
            const QStringList parts =
                ids.split(QStringLiteral(", ")); // a long list may wrap between ids
            for (const QString &part : parts)
                QVERIFY2(t.contains(part),
                         qPrintable(QString::fromStdString(c.id) + QStringLiteral(": ") + part));
        }
    for (const char *who :
         {"Ana Reviewer", "Bruno Finance", "shapes checked", "prices from the 2026 contract"})
        QVERIFY2(t.contains(QLatin1String(who)), who);
    QVERIFY(t.contains(QStringLiteral("route traffic back to the GPU pool")));
    QVERIFY(t.contains(QStringLiteral("run added")));
    // The appendix: one row per run, by id.
    tp::Store store(m_db.toStdString());
    const QString appendix = t.mid(t.lastIndexOf(QStringLiteral("Appendix: every run")));
    for (const auto &run : store.listRuns())
        QVERIFY2(appendix.contains(QRegularExpression(QStringLiteral("\\n\\s*%1\\s").arg(run.id))),
                 qPrintable(QString::number(run.id)));
    // Page numbers on every page.
    for (int i = 1; i <= n; ++i)
        QVERIFY2(t.contains(QStringLiteral("Page %1 of %2").arg(i).arg(n)),
                 qPrintable(QString::number(i)));
    QVERIFY(!t.contains(QChar(0xFB02)) &&
            !t.contains(QChar(0xFB01))); // no fl/fi ligatures: text stays searchable
}

void TestReport::sameDatabaseSameText()
{
    const QString again = path("en-again.pdf");
    QCOMPARE(report({QStringLiteral("--db"), m_db, QStringLiteral("--out"), again}).code,
             0); // en is the default
    QCOMPARE(text(again), text(m_pdf));
}

void TestReport::everyPageRenders()
{
    const int n = pages(m_pdf);
    const QString prefix = path("page");
    QCOMPARE(exec(QStringLiteral("pdftoppm"), {QStringLiteral("-png"), QStringLiteral("-r"),
                                               QStringLiteral("60"), m_pdf, prefix})
                 .code,
             0);
    const QStringList pngs =
        QDir(m_dir.path()).entryList({QStringLiteral("page-*.png")}, QDir::Files, QDir::Name);
    QCOMPARE(pngs.size(), n);
    for (const QString &png : pngs) {
        const QImage img(m_dir.filePath(png));
        QVERIFY2(!img.isNull(), qPrintable(png));
        QCOMPARE(img.width(), 496); // A4 at 60 dpi
        int ink = 0;
        for (int y = 0; y < img.height(); y += 2)
            for (int x = 0; x < img.width(); x += 2)
                ink += qGray(img.pixel(x, y)) < 200;
        QVERIFY2(ink > 100, qPrintable(QStringLiteral("%1: %2 dark pixels").arg(png).arg(ink)));
    }
}

void TestReport::chartsAreVectors()
{
    const Result r = exec(QStringLiteral("pdfimages"), {QStringLiteral("-list"), m_pdf});
    QCOMPARE(r.code, 0);
    QCOMPARE(r.out.trimmed().split(QLatin1Char('\n')).size(),
             2); // the header alone: no image at all
    // The charts' own text is text in the PDF (titles and axis titles), not pixels.
    const QString t = text(m_pdf);
    QVERIFY(t.contains(QStringLiteral("first call is")));
    QVERIFY(t.contains(QStringLiteral("Steady-state latency —")));
    QVERIFY(t.contains(QStringLiteral("log scale")));
}

void TestReport::noWordOutsideTheTextAreaOrOnAnother()
{
    const QString html =
        exec(QStringLiteral("pdftotext"), {QStringLiteral("-bbox"), m_pdf, QStringLiteral("-")})
            .out;
    const QRegularExpression pageRe(
        QStringLiteral("<page width=\"([\\d.]+)\" height=\"([\\d.]+)\">(.*?)</page>"),
        QRegularExpression::DotMatchesEverythingOption);
    const QRegularExpression wordRe(
        QStringLiteral("<word xMin=\"([\\d.]+)\" yMin=\"([\\d.]+)\" xMax=\"([\\d.]+)\" "
                       "yMax=\"([\\d.]+)\">([^<]*)</word>"));
    int pageNo = 0;
    for (auto p = pageRe.globalMatch(html); p.hasNext();) {
        const auto page = p.next();
        ++pageNo;
        const double width = page.captured(1).toDouble(), height = page.captured(2).toDouble();
        const double margin = 12 * 72 / 25.4 - 1; // 12 mm side margins, 1 pt tolerance
        std::vector<std::pair<QRectF, QString>> words;
        for (auto w = wordRe.globalMatch(page.captured(3)); w.hasNext();) {
            const auto m = w.next();
            const QRectF box(QPointF(m.captured(1).toDouble(), m.captured(2).toDouble()),
                             QPointF(m.captured(3).toDouble(), m.captured(4).toDouble()));
            QVERIFY2(box.left() >= margin && box.right() <= width - margin && box.top() >= 0 &&
                         box.bottom() <= height,
                     qPrintable(QStringLiteral("page %1: '%2' outside the text area")
                                    .arg(pageNo)
                                    .arg(m.captured(5))));
            words.emplace_back(box, m.captured(5));
        }
        for (std::size_t i = 0; i < words.size(); ++i)
            for (std::size_t j = i + 1; j < words.size(); ++j) {
                const QRectF overlap = words[i].first.intersected(words[j].first);
                const double smaller = std::min(words[i].first.width() * words[i].first.height(),
                                                words[j].first.width() * words[j].first.height());
                QVERIFY2(overlap.width() * overlap.height() <= 0.2 * smaller,
                         qPrintable(QStringLiteral("page %1: '%2' overlaps '%3'")
                                        .arg(pageNo)
                                        .arg(words[i].second, words[j].second)));
            }
    }
    QCOMPARE(pageNo, pages(m_pdf));
}

void TestReport::portugueseReport()
{
    const QString pdf = path("pt.pdf");
    const Result r = report({QStringLiteral("--db"), m_db, QStringLiteral("--out"), pdf,
                             QStringLiteral("--lang"), QStringLiteral("pt_BR")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY(QFile::exists(pdf));
    if (r.err.contains(QStringLiteral("no translation")))
        QSKIP("no :/i18n/torchpilot_pt_BR.qm in this build: the pt_BR text cannot be checked yet");
    const QString t = text(pdf);
    const int n = pages(pdf);
    for (int i = 1; i <= n; ++i)
        QVERIFY2(t.contains(QStringLiteral("Página %1 de %2").arg(i).arg(n)),
                 qPrintable(QString::number(i)));
    QVERIFY(!t.contains(QStringLiteral("Approval gates")));
    // Numbers and dates in the Brazilian format: decimal comma, day first.
    QVERIFY(t.contains(QRegularExpression(QStringLiteral("\\d,\\d+ ms"))));
    QVERIFY(t.contains(QRegularExpression(QStringLiteral("\\b\\d{2}/\\d{2}/\\d{4}\\b"))));
}

void TestReport::dashboardExportWritesTheSameReport()
{
    // File ▸ Export PDF report… without its dialog: collected on a worker, rendered here.
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); // as `--lang en`
    QMainWindow window;
    const QString pdf = path("gui.pdf");
    QString error = QStringLiteral("not called");
    int pages = 0;
    tp::exportPdfReportTo(
        &window, m_db, pdf, [&](const QString &e, int n) { error = e, pages = n; },
        QStringLiteral(TP_SOURCE_DIR "/resources/gates/default.json"));
    QTRY_VERIFY_WITH_TIMEOUT(error != QStringLiteral("not called"), 60000);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(pages, this->pages(pdf));
    QCOMPARE(text(pdf), text(m_pdf));
    // A destination that cannot be written: the error comes back, nothing is left behind.
    error = QStringLiteral("not called");
    tp::exportPdfReportTo(
        &window, m_db, path("nowhere/gui.pdf"), [&](const QString &e, int) { error = e; },
        QStringLiteral(TP_SOURCE_DIR "/resources/gates/default.json"));
    QTRY_VERIFY_WITH_TIMEOUT(error != QStringLiteral("not called"), 60000);
    QVERIFY2(error.contains(QStringLiteral("cannot write")), qPrintable(error));
    QVERIFY(!QFileInfo::exists(path("nowhere")));
}

void TestReport::notYetReviewedShowsTheNewestRun()
{
    const QString db = path("fresh.sqlite"), pdf = path("fresh.pdf");
    {
        tp::Store store(db.toStdString());
        tp::importFile(
            store,
            tptest::dataFile("valid_run.jsonl").toStdString()); // finished 2026-12-01T10:00:01Z
    }
    const Result r = report({QStringLiteral("--db"), db, QStringLiteral("--out"), pdf});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QString t = text(pdf);
    // The stored time, never "now"; the decision without evidence for the candidate.
    QVERIFY2(t.contains(QStringLiteral("Not yet reviewed. Newest run: 12/1/26 10:00 UTC.")),
             qPrintable(t.left(2000)));
    QVERIFY(t.contains(QStringLiteral("Inconclusive — keep the current path")));
    QVERIFY(t.contains(QStringLiteral("No review has been recorded yet")));
    QVERIFY(t.contains(QStringLiteral("No cost model was entered")));
}

void TestReport::missingDatabase()
{
    const QString db = path("missing.sqlite"), pdf = path("missing.pdf");
    const Result r = report({QStringLiteral("--db"), db, QStringLiteral("--out"), pdf});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("no database at")), qPrintable(r.err));
    QVERIFY(!QFile::exists(db)); // not created as a side effect
    QVERIFY(!QFile::exists(pdf));
}

void TestReport::unwritableOutput()
{
    // The files of the directory, less SQLite's -wal and -shm: a read-only connection (an
    // earlier in-process export) leaves them, and the command's write-open removes them on close.
    const auto listing = [this] {
        QStringList files =
            QDir(m_dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden);
        files.removeIf([](const QString &f) {
            return f.endsWith(QStringLiteral("-wal")) || f.endsWith(QStringLiteral("-shm"));
        });
        return files;
    };
    const QStringList before = listing();
    // A directory that does not exist, and a path that is a directory.
    for (const QString &out : {path("no/such/dir/r.pdf"), m_dir.path()}) {
        const Result r = report({QStringLiteral("--db"), m_db, QStringLiteral("--out"), out});
        QCOMPARE(r.code, 2);
        // A directory there is refused before the report is built (threat model I4).
        QVERIFY2(r.err.contains(out == m_dir.path() ? QStringLiteral("is a directory")
                                                    : QStringLiteral("cannot write")),
                 qPrintable(r.err));
    }
    QCOMPARE(listing(), before);
    const Result r = report({QStringLiteral("--db"), m_db});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("--out is required")), qPrintable(r.err));
}

QTEST_MAIN(TestReport)
#include "tst_report.moc"
