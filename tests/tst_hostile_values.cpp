// Threat model I2-I6 (docs/threat-model.md), checked with generated values rather than a list of
// cases: every extreme value (0, -0, denormals, 1e-13, 1e308, DBL_MAX, an overflowing literal,
// negatives, 2^63-1, -2^63, 2^64, the wrong type, null) in every numeric field of every event,
// every awkward string (empty, a multi-byte character across the 300-byte cut, 10 MB, NUL,
// markup, bidirectional marks) in every text field, imported through the app; then the store is
// forged with what a file opened as ours can hold (text that is not UTF-8, infinities, 1e308 in
// every duration column). Every command and every page, the PDF included, must answer with a
// message and an exit status, never a signal; every JSON output must parse. Output paths that
// are links, FIFOs or devices are refused and left as they are; configuration files are bounded
// in size and depth; a merge refuses unsound values and cleans up after a killed merge.
#include "test_util.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <SQLiteCpp/SQLiteCpp.h>
#include <nlohmann/json.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <string>
#include <vector>

namespace
{

const std::vector<std::string> kNumbers = {"0",
                                           "-0.0",
                                           "5e-324",
                                           "1e-320",
                                           "1e-13",
                                           "1e308",
                                           "1.7976931348623157e308",
                                           "1e400",
                                           "-1",
                                           "9223372036854775807",
                                           "-9223372036854775808",
                                           "18446744073709551616",
                                           "\"12\"",
                                           "null",
                                           "[]",
                                           "0.00123"};

std::vector<std::string> hostileStrings()
{
    std::string e, smile;
    for (int i = 0; i < 151; ++i)
        e += "\u00e9"; // 302 bytes: the 300-byte cut falls inside a character
    for (int i = 0; i < 76; ++i)
        smile += "\U0001F600"; // 304 bytes, four per character
    return {"",
            e,
            smile,
            "a\\u0000b",
            "<b>markup</b> & <script>x</script>",
            "\u202eevil\u202c",
            std::string(200, 'x') + "\u00e9"};
}

// One contract file per run; `number` replaces the value at numeric position `pos`, `text` the
// string at string position `tpos` (-1: none).
std::string runStream(int id, int pos, const std::string &number, int tpos, const std::string &text)
{
    auto n = [&](int p, const char *normal) { return p == pos ? number : std::string(normal); };
    auto s = [&](int p, const char *normal) {
        return "\"" + (p == tpos ? text : std::string(normal)) + "\"";
    };
    const std::string key = "hostile-" + std::to_string(id);
    std::string out;
    out += R"({"v":1,"event":"run_started","run_key":)" + s(0, "hostile") +
           R"(,"execution_key":")" + key + R"(","workload":)" + s(1, "mlp") +
           R"(,"mode":"eager","device":"cpu","dtype":"float32","shape":{"batch":)" + n(0, "8") +
           R"(},"env":{"threads":)" + n(1, "2") +
           R"(},"started_at":"2026-12-01T10:00:00Z"})"
           "\n";
    out += R"({"v":1,"event":"resources","peak_rss_bytes":)" + n(2, "1000000") +
           R"(,"cpu_user_seconds":)" + n(3, "1.5") + R"(,"wall_seconds":)" + n(4, "2") + "}\n";
    out += R"({"v":1,"event":"phase","phase":"first_call","batch":8,"seconds":[)" + n(5, "0.04") +
           "]}\n";
    out += R"({"v":1,"event":"phase","phase":"warmup","batch":8,"seconds":[0.002,)" +
           n(6, "0.002") + "]}\n";
    for (int l = 0; l < 5; ++l)
        out += R"({"v":1,"event":"phase","phase":"steady","batch":8,"seconds":[0.001,0.0011,)" +
               n(7, "0.0012") + ",0.00105]}\n";
    out += R"({"v":1,"event":"shape_case","batch":)" + n(8, "8") + R"(,"seq_len":)" + n(9, "16") +
           R"(,"first_call_seconds":)" + n(10, "0.04") + R"(,"mean_seconds":)" + n(11, "0.001") +
           R"(,"p50_seconds":0.001,"p99_seconds":)" + n(12, "0.002") + R"(,"samples_per_second":)" +
           n(13, "8000") + R"(,"compile_seconds":)" + n(14, "0") + R"(,"graphs":)" + n(15, "1") +
           "}\n";
    out += R"({"v":1,"event":"train_step","first_step":)" + n(16, "0") + R"(,"loss":[)" +
           n(17, "0.5") + R"(,0.4],"seconds":[)" + n(18, "0.01") + ",0.01]}\n";
    out += R"({"v":1,"event":"profile","tool":)" + s(2, "torch.profiler") + R"(,"note":)" +
           s(3, "") + R"(,"steps":)" + n(19, "3") + R"(,"wall_seconds":)" + n(20, "0.1") +
           R"(,"ops":[{"name":)" + s(4, "aten::mm") + R"(,"device":"cpu","calls":)" + n(21, "3") +
           R"(,"self_seconds":)" + n(22, "0.01") + R"(,"total_seconds":0.02}],)" +
           R"("copies":{"calls":0,"per_call":0},"trace":{"path":)" + s(5, "/tmp/t.json") +
           R"(,"format":"chrome_trace","bytes":)" + n(23, "10") + "}}\n";
    out += R"({"v":1,"event":"precision","verdict":)" + s(6, "pass") +
           R"(,"policy":"p"})"
           "\n";
    out += R"({"v":1,"event":"run_finished","status":"ok","error":)" + s(7, "") +
           R"(,"summary":{"finite":true,"first_call_seconds":)" + n(24, "0.04") +
           R"(,"samples_per_second":)" + n(25, "8000") + "}}\n";
    return out;
}
constexpr int kNumberPositions = 26, kTextPositions = 8;

bool crashed(const tptest::AppResult &r)
{
    return r.exitCode < 0 || r.exitCode > 2;
}

QString describe(const QStringList &args, const tptest::AppResult &r)
{
    return args.join(QLatin1Char(' ')) + QStringLiteral(" -> exit %1: ").arg(r.exitCode) +
           r.err.left(400);
}

QProcessEnvironment offscreen()
{
    auto env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    return env;
}

QByteArray fileBytes(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// A pid no process has (a child that ended).
qint64 deadPid()
{
    QProcess p;
    p.start(QStringLiteral("/bin/true"), {});
    p.waitForFinished();
    return p.processId() > 0 ? p.processId() : 999999;
}

} // namespace

class TestHostileValues : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void everyCommandSurvivesTheStore();
    void everyPageAndThePdfRender();
    void forgedStoreCommands();
    void forgedStorePages();
    void outputsAreNeverSpecialFiles();
    void configurationFilesAreBounded();
    void mergeRefusesUnsoundValues();
    void mergeCopiesOfAKilledMergeAreRemoved();

private:
    void runEveryCommand(const QString &db);
    QString forgedStore();
    QTemporaryDir m_dir;
    QString m_db;
    int m_runs = 0;
};

void TestHostileValues::initTestCase()
{
    QVERIFY(m_dir.isValid());
    if (qEnvironmentVariableIsSet("TP_KEEP_TEST_DIR")) { // to look at what failed
        m_dir.setAutoRemove(false);
        qInfo() << "kept:" << m_dir.path();
    }
    m_db = m_dir.filePath(QStringLiteral("hostile.sqlite"));
    QDir().mkpath(m_dir.filePath(QStringLiteral("streams")));
    QStringList files;
    int id = 0;
    auto write = [&](const std::string &bytes) {
        const QString f =
            m_dir.filePath(QStringLiteral("streams/%1.jsonl").arg(id, 4, 10, QLatin1Char('0')));
        QFile out(f);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(bytes.data(), qint64(bytes.size()));
        files << f;
        ++id;
    };
    for (int pos = 0; pos < kNumberPositions; ++pos)
        for (const std::string &v : kNumbers)
            write(runStream(id, pos, v, -1, {}));
    for (int tpos = 0; tpos < kTextPositions; ++tpos)
        for (const std::string &t : hostileStrings())
            write(runStream(id, -1, {}, tpos, t));
    // 10 MB strings: over the 4 MiB line limit, so those streams stop with a message.
    write(runStream(id, -1, {}, 1, std::string(10 << 20, 'w')));
    write(runStream(id, -1, {}, 3, std::string(10 << 20, 'n')));
    m_runs = id;
    QStringList args{QStringLiteral("import"), QStringLiteral("--db"), m_db};
    const auto r = tptest::runApp(args + files, 600000);
    QVERIFY2(!crashed(r), qPrintable(describe(args, r)));
    // Values out of their physical range are named where they were refused.
    QVERIFY2(r.err.contains(QStringLiteral("a duration must be 0 or from 1e-12 to 1e+07 s")),
             qPrintable(r.err.left(2000)));
    QVERIFY2(r.err.contains(QStringLiteral("limit for one contract line")),
             qPrintable(r.err.left(2000)));
    SQLite::Database db(m_db.toStdString());
    QVERIFY(db.execAndGet("SELECT count(*) FROM runs").getInt64() > m_runs / 2);
}

// Every stored text is valid UTF-8 and every stored real is finite and, for a duration, in range.
static void checkStoreIsSound(const QString &path)
{
    SQLite::Database db(path.toStdString());
    SQLite::Statement tables(db, "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT "
                                 "LIKE 'sqlite_%'");
    while (tables.executeStep()) {
        const std::string t = tables.getColumn(0).getString();
        SQLite::Statement cols(db, "SELECT name, type FROM pragma_table_info('" + t + "')");
        while (cols.executeStep()) {
            const std::string c = cols.getColumn(0).getString(),
                              type = cols.getColumn(1).getString();
            if (type == "TEXT") {
                SQLite::Statement q(db, "SELECT \"" + c + "\" FROM \"" + t + "\" WHERE typeof(\"" +
                                            c + "\") = 'text'");
                while (q.executeStep()) {
                    const std::string v = q.getColumn(0).getString();
                    try {
                        (void)nlohmann::json(v).dump(); // strict: throws on invalid UTF-8
                    } catch (const std::exception &) {
                        QFAIL(qPrintable(
                            QStringLiteral("%1.%2 holds text that is not UTF-8")
                                .arg(QString::fromStdString(t), QString::fromStdString(c))));
                    }
                }
            } else if (type == "REAL") {
                const bool duration = c.size() >= 7 && c.compare(c.size() - 7, 7, "seconds") == 0;
                const std::string bad = "abs(\"" + c + "\") > 1.7976931348623157e308" +
                                        (duration ? " OR NOT (\"" + c + "\" = 0 OR (\"" + c +
                                                        "\" >= 1e-12 AND \"" + c + "\" <= 1e7))"
                                                  : std::string());
                const long long n =
                    db.execAndGet("SELECT count(*) FROM \"" + t + "\" WHERE typeof(\"" + c +
                                  "\") = 'real' AND (" + bad + ")")
                        .getInt64();
                QVERIFY2(n == 0, (t + "." + c + " holds a value out of range").c_str());
            }
        }
    }
}

void TestHostileValues::runEveryCommand(const QString &db)
{
    const QString out = m_dir.filePath(QStringLiteral("out"));
    QDir().mkpath(out);
    const QList<QStringList> commands = {
        {QStringLiteral("export"), QStringLiteral("--format"), QStringLiteral("json")},
        {QStringLiteral("export"), QStringLiteral("--format"), QStringLiteral("json"),
         QStringLiteral("--samples")},
        {QStringLiteral("export"), QStringLiteral("--format"), QStringLiteral("json"),
         QStringLiteral("--profiles")},
        {QStringLiteral("export"), QStringLiteral("--format"), QStringLiteral("csv")},
        {QStringLiteral("export"), QStringLiteral("--format"), QStringLiteral("csv"),
         QStringLiteral("--samples")},
        {QStringLiteral("export"), QStringLiteral("--runs"), QStringLiteral("9223372036854775807")},
        {QStringLiteral("export"), QStringLiteral("--runs"),
         QStringLiteral("1-9223372036854775807")},
        {QStringLiteral("export"), QStringLiteral("--runs"),
         QStringLiteral("-9223372036854775808")},
        {QStringLiteral("compare"), QStringLiteral("--baseline"), QStringLiteral("run=1-200"),
         QStringLiteral("--candidate"), QStringLiteral("run=201-999"), QStringLiteral("--format"),
         QStringLiteral("json")},
        {QStringLiteral("compare"), QStringLiteral("--baseline"), QStringLiteral("run=1-200"),
         QStringLiteral("--candidate"), QStringLiteral("run=201-999"), QStringLiteral("--format"),
         QStringLiteral("csv")},
        {QStringLiteral("compare"), QStringLiteral("--baseline"), QStringLiteral("run=1-200"),
         QStringLiteral("--candidate"), QStringLiteral("run=201-999"), QStringLiteral("--format"),
         QStringLiteral("markdown")},
        {QStringLiteral("compare"), QStringLiteral("--baseline"), QStringLiteral("run=1-200"),
         QStringLiteral("--candidate"), QStringLiteral("run=201-999")},
        {QStringLiteral("gates"), QStringLiteral("--json")},
        {QStringLiteral("gates")},
        {QStringLiteral("pilots"), QStringLiteral("--list"), QStringLiteral("--json")},
        {QStringLiteral("report"), QStringLiteral("--out"), out + QStringLiteral("/r.pdf")},
    };
    for (const QStringList &c : commands) {
        const QStringList args = c + QStringList{QStringLiteral("--db"), db};
        // 600 s: a hang guard only (a command takes at most tens of seconds under the
        // sanitizers), never a budget.
        const auto r = tptest::runApp(args, offscreen(), 600000);
        QVERIFY2(!crashed(r), qPrintable(describe(args, r)));
        if (c.contains(QStringLiteral("json")) && r.exitCode == 0) {
            const bool parses = nlohmann::json::accept(r.out.toStdString());
            QVERIFY2(parses, qPrintable(describe(args, r) + r.out.left(300)));
        }
    }
}

void TestHostileValues::everyCommandSurvivesTheStore()
{
    checkStoreIsSound(m_db);
    runEveryCommand(m_db);
}

void TestHostileValues::everyPageAndThePdfRender()
{
    const QString db = m_dir.filePath(QStringLiteral("pages.sqlite"));
    QVERIFY(QFile::copy(m_db, db));
    for (const QString &page :
         {QStringLiteral("runs"), QStringLiteral("queue"), QStringLiteral("panels"),
          QStringLiteral("compare"), QStringLiteral("charts"), QStringLiteral("review")}) {
        const QString png = m_dir.filePath(page + QStringLiteral(".png"));
        const QStringList args{QStringLiteral("--db"),         db, QStringLiteral("--page"), page,
                               QStringLiteral("--screenshot"), png};
        const auto r = tptest::runApp(args, offscreen(), 300000);
        QVERIFY2(r.exitCode == 0, qPrintable(describe(args, r)));
        QVERIFY(QFileInfo(png).size() > 0);
    }
    const QString pdf = m_dir.filePath(QStringLiteral("hostile.pdf"));
    const QStringList args{QStringLiteral("report"), QStringLiteral("--db"), db,
                           QStringLiteral("--out"), pdf};
    const auto r = tptest::runApp(args, offscreen(), 300000);
    QVERIFY2(r.exitCode == 0, qPrintable(describe(args, r)));
    QVERIFY(fileBytes(pdf).startsWith("%PDF"));
}

// What a file opened as our database can hold, beyond what ingest stores (made once).
QString TestHostileValues::forgedStore()
{
    QString db = m_dir.filePath(QStringLiteral("forged.sqlite"));
    if (QFileInfo::exists(db) || !QFile::copy(m_db, db))
        return db;
    {
        SQLite::Database d(db.toStdString(), SQLite::OPEN_READWRITE);
        const char *bad = "CAST(x'41ff42c3' AS TEXT)"; // 'A', a stray byte, 'B', a cut character
        for (const char *col : {"workload", "mode", "device", "dtype", "target", "error", "run_key",
                                "source", "status"})
            d.exec(std::string("UPDATE runs SET ") + col + " = " + bad + " WHERE id % 3 = 0");
        d.exec(std::string("UPDATE runs SET summary_json = '{\"note\":\"' || ") + bad +
               " || '\"}' WHERE id % 3 = 1");
        d.exec(std::string("UPDATE events SET json = '{\"v\":1,\"event\":\"x\",\"t\":\"' || ") +
               bad + " || '\"}' WHERE seq % 2 = 0");
        SQLite::Statement cols(d, "SELECT name FROM pragma_table_info('runs') WHERE type = 'REAL'");
        std::vector<std::string> reals;
        while (cols.executeStep())
            reals.push_back(cols.getColumn(0).getString());
        const char *extremes[] = {"9e999", "-9e999", "1e308", "5e-324", "-1", "0"};
        for (std::size_t k = 0; k < reals.size(); ++k)
            d.exec("UPDATE runs SET \"" + reals[k] + "\" = " + extremes[k % 6] +
                   " WHERE id % 4 = " + std::to_string(k % 4));
        d.exec("UPDATE shape_cases SET first_call_seconds = 9e999, mean_seconds = 1e308, "
               "samples_per_second = -9e999");
        d.exec("UPDATE train_steps SET loss = 9e999, seconds = -1");
        // 256 KiB of text where a name or an error belongs (the PDF cuts what it prints).
        SQLite::Statement huge(d, "UPDATE runs SET workload = ?, run_key = ?, error = ? WHERE id "
                                  "IN (5, 6)");
        huge.bind(1, std::string(1 << 18, 'W'));
        huge.bind(2, std::string(1 << 18, 'K'));
        huge.bind(3, std::string(1 << 18, 'E'));
        huge.exec();
    }
    return db;
}

// Every reader survives what a file opened as ours can hold: the commands...
void TestHostileValues::forgedStoreCommands()
{
    runEveryCommand(forgedStore());
}

// ...and the pages.
void TestHostileValues::forgedStorePages()
{
    const QString db = forgedStore();
    for (const QString &page :
         {QStringLiteral("runs"), QStringLiteral("charts"), QStringLiteral("review")}) {
        const QStringList args{
            QStringLiteral("--db"),
            db,
            QStringLiteral("--page"),
            page,
            QStringLiteral("--screenshot"),
            m_dir.filePath(QStringLiteral("forged-") + page + QStringLiteral(".png"))};
        const auto r = tptest::runApp(args, offscreen(), 300000);
        QVERIFY2(!crashed(r), qPrintable(describe(args, r)));
    }
}

void TestHostileValues::outputsAreNeverSpecialFiles()
{
    const QString dir = m_dir.filePath(QStringLiteral("outputs"));
    QDir().mkpath(dir);
    const QString victim = dir + QStringLiteral("/victim.txt");
    {
        QFile f(victim);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("keep me");
    }
    const QString link = dir + QStringLiteral("/link.out");
    QVERIFY(QFile::link(victim, link));
    const QString fifo = dir + QStringLiteral("/fifo.out");
    QCOMPARE(::mkfifo(fifo.toLocal8Bit().constData(), 0600), 0);
    // A temporary left by a killed writer of out.json: removed by the next write of out.json.
    const QString regular = dir + QStringLiteral("/out.json");
    const QString stale = dir + QStringLiteral("/.out.json.tp-%1-abcdef").arg(deadPid());
    {
        QFile f(stale);
        QVERIFY(f.open(QIODevice::WriteOnly));
    }
    const QString png = dir + QStringLiteral("/shot.png");
    auto attempts = QList<QStringList>{
        {QStringLiteral("export"), QStringLiteral("--db"), m_db, QStringLiteral("--out"), link},
        {QStringLiteral("export"), QStringLiteral("--db"), m_db, QStringLiteral("--out"), fifo},
        {QStringLiteral("report"), QStringLiteral("--db"), m_db, QStringLiteral("--out"), link},
        {QStringLiteral("report"), QStringLiteral("--db"), m_db, QStringLiteral("--out"), fifo},
        {QStringLiteral("--db"), m_db, QStringLiteral("--screenshot"), link},
        {QStringLiteral("--db"), m_db, QStringLiteral("--screenshot"), fifo},
        {QStringLiteral("export"), QStringLiteral("--db"), m_db, QStringLiteral("--out"),
         QStringLiteral("/dev/null")},
    };
    for (const QStringList &args : attempts) {
        // Hang guard only (a FIFO opened for writing would wait for a reader for ever).
        const auto r = tptest::runApp(args, offscreen(), 120000);
        QVERIFY2(r.exitCode == 1 || r.exitCode == 2, qPrintable(describe(args, r)));
        QVERIFY2(r.err.contains(QStringLiteral("is not replaced")), qPrintable(describe(args, r)));
    }
    QCOMPARE(fileBytes(victim), QByteArray("keep me"));
    QVERIFY(QFileInfo(link).isSymLink());
    struct stat st {
    };
    QCOMPARE(::lstat(fifo.toLocal8Bit().constData(), &st), 0);
    QVERIFY(S_ISFIFO(st.st_mode));
    // A regular file is replaced by a new one; the leftover temporary is gone, and no other.
    {
        QFile f(regular);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("old");
    }
    const QStringList ok{
        QStringLiteral("export"), QStringLiteral("--db"),  m_db,   QStringLiteral("--format"),
        QStringLiteral("json"),   QStringLiteral("--out"), regular};
    const auto r = tptest::runApp(ok, offscreen());
    QVERIFY2(r.exitCode == 0, qPrintable(describe(ok, r)));
    QVERIFY(fileBytes(regular).startsWith("{"));
    QVERIFY(!QFileInfo::exists(stale));
    const auto shot = tptest::runApp(
        {QStringLiteral("--db"), m_db, QStringLiteral("--screenshot"), png}, offscreen());
    QCOMPARE(shot.exitCode, 0);
    QVERIFY(fileBytes(png).startsWith("\x89PNG"));
    const QStringList left = QDir(dir).entryList(QDir::Files | QDir::Hidden | QDir::System);
    QCOMPARE(left, (QStringList{QStringLiteral("fifo.out"), QStringLiteral("link.out"),
                                QStringLiteral("out.json"), QStringLiteral("shot.png"),
                                QStringLiteral("victim.txt")}));
}

void TestHostileValues::configurationFilesAreBounded()
{
    const QString dir = m_dir.filePath(QStringLiteral("configs"));
    QDir().mkpath(dir);
    auto file = [&](const QString &name, const QByteArray &bytes) {
        QString path = dir + QLatin1Char('/') + name;
        QFile f(path);
        f.open(QIODevice::WriteOnly);
        f.write(bytes);
        return path;
    };
    QStringList configs;
    for (int depth : {129, 10000, 1000000})
        configs << file(QStringLiteral("deep-%1.json").arg(depth),
                        "{\"a\":" + QByteArray(depth, '[') + QByteArray(depth, ']') + "}");
    configs << file(QStringLiteral("big.json"), "{\"pad\":\"" + QByteArray(17 << 20, 'p') + "\"}");
    const QString fifo = dir + QStringLiteral("/fifo.json");
    QCOMPARE(::mkfifo(fifo.toLocal8Bit().constData(), 0600), 0);
    configs << fifo << dir;
    for (const QString &config : configs) {
        const QList<QStringList> uses = {
            {QStringLiteral("gates"), QStringLiteral("--db"), m_db, QStringLiteral("--definitions"),
             config},
            {QStringLiteral("pilots"), QStringLiteral("--db"), m_db, QStringLiteral("--add"),
             config},
        };
        for (const QStringList &args : uses) {
            const auto r = tptest::runApp(args, offscreen(), 120000); // hang guard only
            QVERIFY2(r.exitCode == 2 || r.exitCode == 1, qPrintable(describe(args, r)));
            QVERIFY2(r.err.contains(QFileInfo(config).fileName()), qPrintable(describe(args, r)));
        }
        const QStringList runner{QStringLiteral("--catalog"), config, QStringLiteral("--workload"),
                                 QStringLiteral("mlp")};
        QProcess p;
        p.start(QStringLiteral(TP_RUNNER_PATH), runner);
        QVERIFY(p.waitForFinished(120000)); // hang guard only
        QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 2,
                 qPrintable(config + QStringLiteral(": ") +
                            QString::fromUtf8(p.readAllStandardError()).left(400)));
    }
}

void TestHostileValues::mergeRefusesUnsoundValues()
{
    // A genuine database with one run, forged three ways; each merge is refused, ours unchanged.
    const QString genuine = m_dir.filePath(QStringLiteral("genuine.sqlite"));
    const QString stream = m_dir.filePath(QStringLiteral("streams/0000.jsonl"));
    QCOMPARE(tptest::runApp({QStringLiteral("import"), QStringLiteral("--db"), genuine,
                             m_dir.filePath(QStringLiteral("streams/0100.jsonl"))})
                 .exitCode,
             0);
    const QString ours = m_dir.filePath(QStringLiteral("ours.sqlite"));
    QCOMPARE(
        tptest::runApp({QStringLiteral("import"), QStringLiteral("--db"), ours, stream}).exitCode,
        0);
    const QByteArray before = fileBytes(ours);
    const std::vector<std::pair<std::string, QString>> forgeries = {
        {"UPDATE runs SET workload = CAST(x'6dff' AS TEXT)", QStringLiteral("not UTF-8")},
        {"UPDATE runs SET first_call_seconds = 9e999", QStringLiteral("first_call_seconds")},
        {"UPDATE shape_cases SET mean_seconds = 1e308", QStringLiteral("mean_seconds")},
        {"UPDATE train_steps SET loss = -9e999", QStringLiteral("not a finite number")},
        // Listed by the name in its definition (ours), merged by its name column (new).
        {"UPDATE pilots SET name = 'evil'", QStringLiteral("is defined as")},
    };
    int n = 0;
    for (const auto &[sql, expected] : forgeries) {
        const QString forged = m_dir.filePath(QStringLiteral("forged-%1.sqlite").arg(n++));
        QVERIFY(QFile::copy(genuine, forged));
        {
            SQLite::Database d(forged.toStdString(), SQLite::OPEN_READWRITE);
            d.exec(sql);
            d.exec("PRAGMA wal_checkpoint(TRUNCATE)");
        }
        const auto r =
            tptest::runApp({QStringLiteral("import"), QStringLiteral("--db"), ours, forged});
        QVERIFY2(r.exitCode == 1 && r.err.contains(expected) &&
                     r.err.contains(QStringLiteral("nothing was merged")),
                 qPrintable(QString::fromStdString(sql) + QStringLiteral(": ") + r.err));
        QCOMPARE(fileBytes(ours), before);
    }
}

void TestHostileValues::mergeCopiesOfAKilledMergeAreRemoved()
{
    const QString dir = m_dir.filePath(QStringLiteral("killed"));
    QDir().mkpath(dir);
    const QString ours = dir + QStringLiteral("/ours.sqlite");
    QCOMPARE(tptest::runApp({QStringLiteral("import"), QStringLiteral("--db"), ours,
                             m_dir.filePath(QStringLiteral("streams/0000.jsonl"))})
                 .exitCode,
             0);
    const qint64 dead = deadPid();
    const QStringList leftovers{
        QStringLiteral(".torchpilot-merge-%1-abcdef").arg(dead),
        QStringLiteral(".torchpilot-merge-%1-abcdef-wal").arg(dead),
        QStringLiteral(".torchpilot-merge-%1-abcdef-journal").arg(dead),
        QStringLiteral(".torchpilot-merge-Xy12Zq"), // named as before the pid was in the name
    };
    const QString alive = QStringLiteral(".torchpilot-merge-%1-live00").arg(::getpid());
    for (const QString &name : leftovers + QStringList{alive}) {
        QFile f(dir + QLatin1Char('/') + name);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(1 << 16, 'x'));
    }
    const auto r = tptest::runApp({QStringLiteral("import"), QStringLiteral("--db"), ours,
                                   m_dir.filePath(QStringLiteral("genuine.sqlite"))});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    for (const QString &name : leftovers)
        QVERIFY2(!QFileInfo::exists(dir + QLatin1Char('/') + name), qPrintable(name));
    QVERIFY(QFileInfo::exists(dir + QLatin1Char('/') + alive)); // its merge may be running
}

QTEST_GUILESS_MAIN(TestHostileValues)
#include "tst_hostile_values.moc"
