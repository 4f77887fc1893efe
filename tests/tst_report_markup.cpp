// No markup from data in the PDF report: a real database whose stored text is hostile HTML (run
// keys, the workload, environment and precision fields of imported runs, the pilot and its side
// labels, reviewers and comments, cost model names and currencies, the rollback path, the file
// name) goes through `torchpilot report` as a user runs it. Read back with poppler: every section
// is there, in order, and every such value is printed as its literal characters ("<!--" hides
// nothing, "<img src=file:…>" embeds nothing, "&amp;" stays "&amp;"); the PDF holds no more
// images than the report of the same data with plain text, and no link; a comment reading like a
// chart's placeholder stays text. The HTML the report builds holds the values escaped only, and
// the report's QTextDocument loads no file, data: URL or other resource it was not given.
#include "model/ingest/ingestor.h"
#include "model/session/evaluate_review.h"
#include "model/store/pilot_store.h"
#include "model/store/store.h"
#include "review_fixture.h"
#include "test_util.h"
#include "ui/report/report_data.h"
#include "ui/report/report_document.h"
#include "ui/report/report_renderer.h"

#include <QBuffer>
#include <QFile>
#include <QImage>
#include <QPainter>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTextDocument>
#include <QUrl>
#include <QtTest>

#include <nlohmann/json.hpp>

namespace
{

// Markup, a comment opener, an entity, an image on a local file, a link and a stray "%2" in one
// value; `field` says where it was put, so a value missing from the PDF is named.
const char kPayload[] = R"( <b>x</b> <!-- &amp; <img src="file:///etc/hostname"> )"
                        R"(<a href="file:///etc/passwd">link</a> %2)";

// A chart's placeholder as the report writes it (report_html.h): data reading the same must stay
// text, and the chart must still go where the report put its own placeholder.
const char kPlaceholder[] = "@@chart:0@@";

std::string valueOf(const char *field, bool hostile)
{
    return std::string(field) + (hostile ? kPayload : " plain text");
}

// Every field of the test database that holds text from outside, and so must print literally.
const char *const kFields[] = {
    "key",           "workload", "current path", "candidate side", "signer",
    "sign-off note", "decider",  "decision",     "finance",        "finance note",
    "cost a",        "cost b",   "rollback",     "reference",      "reason",
    "cpu",           "os",       "blas",         "accelerator",    "tpu device",
    "xla flags",
};

} // namespace

class TestReportMarkup : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void everySectionIsThere();
    void dataPrintsAsItsLiteralText();
    void noImageOrLinkFromData();
    void placeholderInDataStaysText();
    void htmlHoldsDataEscapedOnly();
    void documentLoadsNoResource();

private:
    struct Result {
        int code = -1;
        QString out, err;
        QByteArray bytes; // stdout as bytes
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
        Result r;
        r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        r.bytes = p.readAllStandardOutput();
        r.out = QString::fromUtf8(r.bytes);
        r.err = QString::fromUtf8(p.readAllStandardError());
        return r;
    }
    // The app with no display, as tst_report runs it.
    Result report(const QStringList &args)
    {
        auto env = QProcessEnvironment::systemEnvironment();
        for (const char *v : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
            env.remove(QLatin1String(v));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir.filePath(QStringLiteral("xdg")));
        return exec(QStringLiteral(TP_APP_PATH), QStringList{QStringLiteral("report")} + args, env);
    }
    // The text in drawing order (a wrapped table cell stays in one piece).
    QString text(const QString &pdf)
    {
        return exec(QStringLiteral("pdftotext"), {QStringLiteral("-raw"), pdf, QStringLiteral("-")})
            .out;
    }
    // Text without any whitespace: a value wrapped over lines (or cells) still reads as one.
    static QString squeezed(QString s)
    {
        static const QRegularExpression space(QStringLiteral("\\s+"));
        return s.remove(space);
    }
    int images(const QString &pdf)
    {
        const Result r = exec(QStringLiteral("pdfimages"), {QStringLiteral("-list"), pdf});
        if (r.code != 0)
            return -1;
        return int(r.out.trimmed().split(QLatin1Char('\n')).size()) - 2; // less the header
    }
    QString path(const QString &name) const { return m_dir.filePath(name); }

    // A database like tst_report's, every outside text either hostile or plain.
    void buildDatabase(const QString &db, bool hostile);
    // A fixture file with its run keys, workload, environment, precision and error fields
    // replaced; returns the copy's path.
    QString rewritten(const char *fixture, bool hostile, const std::string &keySuffix = {});

    QTemporaryDir m_dir;
    QString m_hostileDb, m_cleanDb, m_hostilePdf, m_cleanPdf, m_text;
};

QString TestReportMarkup::rewritten(const char *fixture, bool hostile, const std::string &keySuffix)
{
    using nlohmann::json;
    QFile in(tptest::dataFile(fixture));
    if (!in.open(QIODevice::ReadOnly))
        return {};
    QString out = path(QStringLiteral("%1-%2-%3")
                           .arg(hostile ? QStringLiteral("hostile") : QStringLiteral("clean"),
                                QString::fromStdString(keySuffix), QLatin1String(fixture)));
    QFile file(out);
    if (!file.open(QIODevice::WriteOnly))
        return {};
    for (const QByteArray &line : in.readAll().split('\n')) {
        if (line.trimmed().isEmpty())
            continue;
        json j = json::parse(line.toStdString());
        const std::string event = j.value("event", std::string());
        if (event == "run_started") {
            j["run_key"] =
                valueOf("key", hostile) + "/" + j.value("run_key", std::string()) + keySuffix;
            if (j.contains("execution_key"))
                j["execution_key"] = j["execution_key"].get<std::string>() + keySuffix;
            if (j.value("workload", std::string()) == "mlp")
                j["workload"] = valueOf("workload", hostile);
            if (j.contains("target"))
                j["target"] = valueOf("target", hostile);
            json &env = j["env"];
            if (!env.is_object())
                env = json::object();
            env["cpu_model"] = valueOf("cpu", hostile);
            env["os"] = valueOf("os", hostile);
            env["blas"] = valueOf("blas", hostile);
            env["gpu"] = valueOf("accelerator", hostile); // the environment table's accelerator
            env["hostname"] = valueOf("host", hostile);
            if (keySuffix == "-later") { // a TorchTPU run: its device and compiler flags
                env.erase("gpu");
                env["tpu_device"] = {{"device_name", valueOf("tpu device", hostile)},
                                     {"total_memory_bytes", 34359738368LL},
                                     {"eager_mode", "DEFER_NEVER"},
                                     {"optimized_build", true},
                                     {"cpu_fallback", false},
                                     {"rng_state_in_checkpoints", true},
                                     {"xla_flags", valueOf("xla flags", hostile)},
                                     {"libtpu_init_args", "not available"}};
            }
        } else if (event == "precision") {
            j["reference"] = valueOf("reference", hostile);
            j["reasons"] = json::array({valueOf("reason", hostile)});
        } else if (event == "run_finished" && j.contains("error") && !j["error"].is_null()) {
            j["error"] = valueOf("error", hostile);
        }
        if (event == "run_finished" && keySuffix == "-later" && j["summary"].is_object())
            j["summary"]["tpu_compile"] = {{"compiled_programs_hbm_bytes", 3145728},
                                           {"compiled_programs", 2},
                                           {"compile_host_memory_peak_bytes", 67108864}};
        file.write(QByteArray::fromStdString(j.dump()) + '\n');
    }
    return out;
}

void TestReportMarkup::buildDatabase(const QString &db, bool hostile)
{
    tp::Store store(db.toStdString());
    for (const char *f : {"panels_realistic.jsonl", "panels_fixture.jsonl", "charts_fixture.jsonl"})
        tp::importFile(store, rewritten(f, hostile).toStdString());

    // A pilot over those runs, its name and side labels from outside too; selected, so the report
    // evaluates it.
    tp::PilotDefinition pilot = tp::defaultPilot();
    pilot.name = valueOf("pilot", hostile);
    pilot.workload = valueOf("workload", hostile);
    pilot.baseline.label = tp::Message::verbatim(valueOf("current path", hostile));
    pilot.candidate.label = tp::Message::verbatim(valueOf("candidate side", hostile));
    tp::PilotStore pilots(store);
    pilots.add(pilot);
    pilots.select(pilot.name);

    // Cost models whose currencies open a comment and write markup (8 bytes at most), a rollback
    // path, a sign-off and a recorded decision; then one more run and a pending sign-off.
    tp::ReviewInputs inputs;
    inputs.baselineCost = tptest::cost(valueOf("cost a", hostile), 3);
    inputs.baselineCost->currency = hostile ? "<!--" : "USD";
    inputs.candidateCost = tptest::cost(valueOf("cost b", hostile), 2);
    inputs.candidateCost->currency = hostile ? "<b>&amp;" : "EUR";
    inputs.rollbackPath = valueOf("rollback", hostile);
    tp::ReviewStore review(store);
    review.saveInputs(inputs);
    const tp::GateDefinitions defs = tptest::definitions();
    const tp::ReviewState before = tp::evaluateReview(store, defs);
    review.signOff(before, "compatibility", valueOf("signer", hostile),
                   valueOf("sign-off note", hostile) + " " + kPlaceholder);
    review.recordDecision(before, valueOf("decider", hostile),
                          valueOf("decision", hostile) + " " + kPlaceholder);
    tp::importFile(store, rewritten("valid_run.jsonl", hostile, "-later").toStdString());
    review.signOff(tp::evaluateReview(store, defs), "cost", valueOf("finance", hostile),
                   valueOf("finance note", hostile));
}

void TestReportMarkup::initTestCase()
{
    for (const char *tool : {"pdftotext", "pdfimages"})
        if (QStandardPaths::findExecutable(QLatin1String(tool)).isEmpty())
            QSKIP("poppler-utils (pdftotext, pdfimages) is not installed");
    QVERIFY(m_dir.isValid());
    // The file name is shown too ("Database"); it cannot hold a '/'.
    m_hostileDb = path(QStringLiteral("db <i>&amp;.sqlite"));
    m_cleanDb = path(QStringLiteral("db plain.sqlite"));
    try {
        buildDatabase(m_hostileDb, true);
        buildDatabase(m_cleanDb, false);
    } catch (const std::exception &e) {
        QFAIL(e.what());
    }
    m_hostilePdf = path(QStringLiteral("hostile.pdf"));
    m_cleanPdf = path(QStringLiteral("clean.pdf"));
    const std::pair<QString, QString> reports[] = {{m_hostileDb, m_hostilePdf},
                                                   {m_cleanDb, m_cleanPdf}};
    for (const auto &[db, pdf] : reports) {
        const Result r = report({QStringLiteral("--db"), db, QStringLiteral("--out"), pdf});
        QVERIFY2(r.code == 0, qPrintable(r.err));
    }
    m_text = text(m_hostilePdf);
    QVERIFY(!m_text.isEmpty());
}

void TestReportMarkup::everySectionIsThere()
{
    // In report order: a "<!--" from the data would have swallowed everything after it.
    int at = 0;
    for (const char *section :
         {"TorchPilot decision report", "Approval gates", "Changes since the last review",
          "The three panels", "Business", "Application", "Infrastructure",
          "Cold start vs warm state", "Steady-state latency", "Precision verdicts",
          "Cost per useful result", "Breakdown", "Sensitivity: each price ±25 %",
          "Environment and versions", "Appendix: every run",
          "Runner summaries against the store"}) {
        const int i = m_text.indexOf(QString::fromUtf8(section), at);
        QVERIFY2(i >= 0, section);
        at = i;
    }
    // The charts drew, their titles (rich text in Qt Charts) holding the run keys.
    QVERIFY(m_text.contains(QStringLiteral("first call is")));
    QVERIFY(m_text.contains(QStringLiteral("Steady-state latency —")));
    QVERIFY(m_text.contains(QStringLiteral("Signed off by")));
}

void TestReportMarkup::dataPrintsAsItsLiteralText()
{
    const QString all = squeezed(m_text);
    for (const char *field : kFields)
        QVERIFY2(all.contains(squeezed(QString::fromStdString(valueOf(field, true)))), field);
    // The currencies, next to an amount; the file name.
    for (const char *literal : {"<!--", "<b>&amp;", "db<i>&amp;.sqlite"})
        QVERIFY2(all.contains(QLatin1String(literal)), literal);
    QVERIFY(all.contains(QRegularExpression(QStringLiteral("\\d<!--"))));
    QVERIFY(all.contains(QRegularExpression(QStringLiteral("\\d<b>&amp;"))));
    // The plain report of the same data says the same with plain words (the comparison below
    // means something).
    const QString clean = squeezed(text(m_cleanPdf));
    for (const char *field : kFields)
        QVERIFY2(clean.contains(squeezed(QString::fromStdString(valueOf(field, false)))), field);
    // The TorchTPU run's facts (issue 41): build, fallback, random state, compiled programs.
    for (const char *fact :
         {"32GiBHBM", "eagerDEFER_NEVER", "optimizedbuild", "CPUfallbackoff",
          "checkpointskeeptheTPUrandomstate", "Compiledprograms'HBM", "Compilehostmemorypeak"})
        QVERIFY2(clean.contains(QLatin1String(fact)), fact);
}

void TestReportMarkup::noImageOrLinkFromData()
{
    const int hostile = images(m_hostilePdf), clean = images(m_cleanPdf);
    QCOMPARE_GE(clean, 0);
    QCOMPARE(hostile, clean); // the charts are vectors: both 0 today
    QFile pdf(m_hostilePdf);
    QVERIFY(pdf.open(QIODevice::ReadOnly));
    const QByteArray bytes = pdf.readAll();
    QVERIFY(!bytes.contains("/URI")); // no link annotation from an <a href>
}

void TestReportMarkup::placeholderInDataStaysText()
{
    // The comments quoting it print it (the decision on the cover, the sign-off in the gates)…
    QCOMPARE(squeezed(m_text).count(QLatin1String(kPlaceholder)), 2);
    // …and the chart pages hold charts, no placeholder left over.
    const int from = m_text.indexOf(QStringLiteral("Cold start vs warm state"));
    const int to = m_text.indexOf(QStringLiteral("Precision verdicts"), from);
    QCOMPARE_GE(from, 0);
    QCOMPARE_GT(to, from);
    QVERIFY2(!m_text.mid(from, to - from).contains(QStringLiteral("@@chart:")),
             qPrintable(m_text.mid(from, to - from)));
}

void TestReportMarkup::htmlHoldsDataEscapedOnly()
{
    tp::Store store(m_hostileDb.toStdString());
    const tp::ReportData data = tp::collectReportData(store, tptest::definitions());
    const QString html =
        tp::ReportRenderer::html(data, QLocale(QLocale::English, QLocale::UnitedStates));
    QVERIFY(!html.isEmpty());
    for (const char *never : {"<img", "<!--", "<a href", "<b>x</b>", "<i>&amp;"})
        QVERIFY2(!html.contains(QLatin1String(never), Qt::CaseInsensitive), never);
    for (const char *escaped :
         {"&lt;img src=&quot;file:///etc/hostname&quot;&gt;", "&lt;!--", "&amp;amp;",
          "&lt;b&gt;x&lt;/b&gt;", "&lt;a href=&quot;file:///etc/passwd&quot;&gt;"})
        QVERIFY2(html.contains(QLatin1String(escaped)), escaped);
}

void TestReportMarkup::documentLoadsNoResource()
{
    // A real image on disk, named as a file: URL, as a bare path, as a data: URL, as a table's
    // background and in a style sheet link.
    QImage red(8, 8, QImage::Format_RGB32);
    red.fill(Qt::red);
    const QString png = path(QStringLiteral("red.png"));
    QVERIFY(red.save(png));
    QByteArray pngBytes;
    QBuffer buffer(&pngBytes);
    QVERIFY(buffer.open(QIODevice::WriteOnly) && red.save(&buffer, "PNG"));
    const QString css = path(QStringLiteral("red.css"));
    {
        QFile f(css);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("p { background-color: #ff0000; }");
    }
    const QString url = QUrl::fromLocalFile(png).toString();
    const QString html =
        QStringLiteral("<html><head><link rel=\"stylesheet\" type=\"text/css\" href=\"%1\"></head>"
                       "<body><p><img src=\"%2\" width=\"40\" height=\"40\"> "
                       "<img src=\"%3\" width=\"40\" height=\"40\"> "
                       "<img src=\"data:image/png;base64,%4\" width=\"40\" height=\"40\"></p>"
                       "<table background=\"%2\" width=\"100\" height=\"40\"><tr><td>x</td></tr>"
                       "</table></body></html>")
            .arg(QUrl::fromLocalFile(css).toString(), url, png,
                 QString::fromLatin1(pngBytes.toBase64()));
    auto redPixels = [&](QTextDocument &doc) {
        doc.setHtml(html);
        QImage canvas(400, 300, QImage::Format_RGB32);
        canvas.fill(Qt::white);
        QPainter p(&canvas);
        doc.drawContents(&p);
        p.end();
        int n = 0;
        for (int y = 0; y < canvas.height(); ++y)
            for (int x = 0; x < canvas.width(); ++x)
                n += canvas.pixel(x, y) == qRgb(255, 0, 0);
        return n;
    };
    QTextDocument plain; // Qt's own: reads them all (so the check below means something)
    QCOMPARE_GT(redPixels(plain), 0);
    QVERIFY(!plain.resource(QTextDocument::ImageResource, QUrl(url)).isNull());

    tp::report::ReportDocument doc;
    QCOMPARE(redPixels(doc), 0);
    QVERIFY(doc.resource(QTextDocument::ImageResource, QUrl(url)).isNull());
    QVERIFY(doc.resource(QTextDocument::ImageResource, QUrl(png)).isNull());
    QVERIFY(doc.resource(QTextDocument::StyleSheetResource, QUrl::fromLocalFile(css)).isNull());

    // What the document was given itself still draws.
    tp::report::ReportDocument given;
    const QUrl own(QStringLiteral("tp-report:red"));
    given.addResource(QTextDocument::ImageResource, own, red);
    given.setHtml(QStringLiteral("<p><img src=\"tp-report:red\" width=\"40\" height=\"40\"></p>"));
    QImage canvas(200, 100, QImage::Format_RGB32);
    canvas.fill(Qt::white);
    QPainter p(&canvas);
    given.drawContents(&p);
    p.end();
    QCOMPARE(canvas.pixel(24, 30), qRgb(255, 0, 0));
}

QTEST_MAIN(TestReportMarkup)
#include "tst_report_markup.moc"
