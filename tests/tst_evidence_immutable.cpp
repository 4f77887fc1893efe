// Threat model I1: a complete run is immutable. A later stream with its execution key may add
// only what an interrupted import did not store; anything else is refused with a message naming
// the run. Checked over generated streams (seeded mutations of a genuine one), not a list.
#include "model/ingest/ingestor.h"
#include "model/store/store_connection.h"

#include <QTemporaryDir>
#include <QTest>

#include <SQLiteCpp/SQLiteCpp.h>

#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace
{

// A genuine stream: run_started, resources, phases in lines of varied sizes, a shape case, a
// train step, run_finished ok.
std::vector<std::string> genuineStream(const std::string &key, int seed)
{
    std::mt19937_64 rng(static_cast<unsigned long long>(seed));
    std::uniform_real_distribution<double> t(5e-5, 2e-3);
    std::vector<std::string> lines;
    lines.emplace_back(R"({"v":1,"event":"run_started","run_key":"k/)" + key +
                       R"(","execution_key":")" + key +
                       R"(","workload":"mlp","mode":"eager","device":"cpu","dtype":"float32",)"
                       R"("shape":{"batch":8},"started_at":"2026-12-01T10:00:00Z"})");
    lines.emplace_back(R"({"v":1,"event":"resources","cpu_user_seconds":1.5,"wall_seconds":2})");
    auto phase = [&](const char *name, int n) {
        std::ostringstream o;
        o.precision(17);
        o << R"({"v":1,"event":"phase","phase":")" << name << R"(","batch":8,"seconds":[)";
        for (int i = 0; i < n; ++i)
            o << (i ? "," : "") << t(rng);
        o << "]}";
        lines.emplace_back(o.str());
    };
    phase("first_call", 1);
    for (int l = 0; l < 6; ++l)
        phase("warmup", 1 + l % 3);
    for (int l = 0; l < 40; ++l)
        phase("steady", 1 + (l * 37) % 300); // crosses the 4096-value chunk boundary
    lines.emplace_back(R"({"v":1,"event":"train_step","step":1,"loss":0.5,"seconds":0.01})");
    lines.emplace_back(R"({"v":1,"event":"run_finished","status":"ok","summary":{"finite":true}})");
    return lines;
}

std::string joined(const std::vector<std::string> &lines, std::size_t upTo = std::string::npos)
{
    std::string s;
    for (std::size_t i = 0; i < lines.size() && i < upTo; ++i)
        s += lines[i] + "\n";
    return s;
}

// Everything the store holds about run `id`, as text; `portable` leaves out what differs between
// two databases holding the same evidence (ids, arrival and import times).
std::string snapshot(SQLite::Database &db, long long id, bool portable = false)
{
    std::string s;
    auto dump = [&](const std::string &sql, const std::vector<std::string> &skip = {}) {
        SQLite::Statement q(db, sql);
        q.bind(1, static_cast<int64_t>(id));
        while (q.executeStep()) {
            for (int c = 0; c < q.getColumnCount(); ++c) {
                const std::string name = q.getColumnName(c);
                if (portable && std::find(skip.begin(), skip.end(), name) != skip.end())
                    continue;
                const SQLite::Column v = q.getColumn(c);
                s += name + "=" +
                     (v.isBlob() ? std::string(static_cast<const char *>(v.getBlob()),
                                               static_cast<std::size_t>(v.getBytes()))
                                 : v.getString()) +
                     ";";
            }
            s += "\n";
        }
    };
    dump("SELECT * FROM runs WHERE id = ?",
         {"id", "imported_at", "last_line_at", "longest_line_gap", "source"});
    dump("SELECT seq, event, json FROM events WHERE run_id = ? ORDER BY seq");
    dump("SELECT phase, first_seq, count, codec, data FROM sample_chunks WHERE run_id = ? ORDER BY "
         "phase, first_seq");
    dump("SELECT phase, lines FROM phase_lines WHERE run_id = ? ORDER BY phase");
    dump("SELECT * FROM shape_cases WHERE run_id = ? ORDER BY 2", {"run_id"});
    dump("SELECT * FROM train_steps WHERE run_id = ? ORDER BY 2", {"run_id"});
    return s;
}

tp::IngestReport ingest(tp::Store &store, const std::string &bytes, std::size_t piece = 4096)
{
    tp::RunIngestor in(store, "test");
    for (std::size_t at = 0; at < bytes.size(); at += piece)
        in.feed(bytes.data() + at, std::min(piece, bytes.size() - at));
    return in.finish();
}

// One seeded mutation of a genuine stream, and whether it surely differs from the stored run
// (false: it may match, e.g. a shorter prefix of the same lines).
std::pair<std::vector<std::string>, bool> mutate(std::vector<std::string> lines,
                                                 std::mt19937_64 &rng)
{
    auto pick = [&](std::size_t lo, std::size_t hi) {
        return std::uniform_int_distribution<std::size_t>(lo, hi)(rng);
    };
    const std::size_t phaseLine = pick(2, lines.size() - 3);
    switch (pick(0, 9)) {
    case 0: { // one sample changed (a faster one)
        std::string &l = lines[phaseLine];
        const auto from = l.find('[') + 1;
        l.replace(from, l.find_first_of(",]", from) - from, "0.00000001");
        return {lines, true};
    }
    case 1: // more samples in a line
        lines[phaseLine].insert(lines[phaseLine].find(']'), ",0.00001");
        return {lines, true};
    case 2: // another phase line before run_finished
        lines.insert(lines.end() - 1,
                     R"({"v":1,"event":"phase","phase":"steady","batch":8,"seconds":[1e-5]})");
        return {lines, true};
    case 3: // the status turned
        lines.back() = R"({"v":1,"event":"run_finished","status":"failed","error":"forged"})";
        return {lines, true};
    case 4: // the two-line forgery
        return {{lines.front(), R"({"v":1,"event":"run_finished","status":"failed"})"}, true};
    case 5: // an extra event
        lines.insert(lines.begin() + std::ptrdiff_t(phaseLine),
                     R"({"v":1,"event":"precision","verdict":"pass"})");
        return {lines, true};
    case 6: // other resources
        lines[1] = R"({"v":1,"event":"resources","cpu_user_seconds":0.001,"wall_seconds":0.01})";
        return {lines, true};
    case 7: // a prefix (may match what is stored)
        lines.resize(phaseLine);
        return {lines, false};
    case 8: // a new phase name
        lines.insert(lines.end() - 1,
                     R"({"v":1,"event":"phase","phase":"forged","batch":8,"seconds":[1]})");
        return {lines, true};
    default: { // lines swapped: the same evidence when they are of two phases (each phase's
               // seqs are its own, and such lines are no events)
        const auto phaseOf = [](const std::string &l) { return l.substr(0, l.find("batch")); };
        const bool samePhase = phaseOf(lines[phaseLine]) == phaseOf(lines[phaseLine + 1]);
        std::swap(lines[phaseLine], lines[phaseLine + 1]);
        return {lines, samePhase && lines[phaseLine] != lines[phaseLine + 1]};
    }
    }
}

} // namespace

class TestEvidenceImmutable : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void completeRunNeverChanges();
    void interruptedImportIsCompletedExactly();
    void differingContinuationIsRefused();
    void launcherRecordsJoinOnlyTheirOwnRun();
    void manyPhaseNamesAreBounded();
};

void TestEvidenceImmutable::completeRunNeverChanges()
{
    QTemporaryDir dir;
    tp::Store store(dir.filePath(QStringLiteral("db.sqlite")).toStdString());
    const auto base = genuineStream("exec-1", 1);
    const auto first = ingest(store, joined(base));
    QCOMPARE(first.runIds.size(), std::size_t(1));
    QVERIFY(first.refused.empty());
    const long long id = first.runIds.front();
    const std::string stored = snapshot(tp::StoreConnection::of(store), id);
    QVERIFY(stored.find("status=ok") != std::string::npos);

    // The same stream again: nothing new, everything already stored, nothing refused.
    const auto again = ingest(store, joined(base), 777);
    QCOMPARE(again.samples, 0LL);
    QCOMPARE(again.duplicateSamples, first.samples);
    QVERIFY(again.refused.empty());
    QCOMPARE(snapshot(tp::StoreConnection::of(store), id), stored);

    std::mt19937_64 rng(39);
    int refusals = 0;
    for (int i = 0; i < 300; ++i) {
        const auto [lines, differs] = mutate(base, rng);
        const auto r = ingest(store, joined(lines), 1 + (i * 97) % 5000);
        const std::string now = snapshot(tp::StoreConnection::of(store), id);
        QVERIFY2(now == stored, qPrintable(QStringLiteral("mutation %1 changed the run").arg(i)));
        if (differs) {
            QVERIFY2(r.refused.size() == 1,
                     qPrintable(QStringLiteral("mutation %1 was not refused").arg(i)));
            QVERIFY2(r.refused.front().find("run " + std::to_string(id) + " (exec-1)") !=
                         std::string::npos,
                     r.refused.front().c_str());
            ++refusals;
        }
        QCOMPARE(r.samples, 0LL);
    }
    QVERIFY(refusals > 200);
}

void TestEvidenceImmutable::interruptedImportIsCompletedExactly()
{
    QTemporaryDir dir;
    const auto base = genuineStream("exec-2", 2);
    tp::Store whole(dir.filePath(QStringLiteral("whole.sqlite")).toStdString());
    const auto w = ingest(whole, joined(base));
    const std::string reference = snapshot(tp::StoreConnection::of(whole), w.runIds.front(), true);
    for (std::size_t cut : {std::size_t(1), std::size_t(3), std::size_t(20), base.size() - 1}) {
        tp::Store store(dir.filePath(QStringLiteral("cut-%1.sqlite").arg(cut)).toStdString());
        const auto part = ingest(store, joined(base, cut));
        const long long id = part.runIds.front();
        QVERIFY(snapshot(tp::StoreConnection::of(store), id).find("complete=0") !=
                std::string::npos);
        const auto rest = ingest(store, joined(base), 1000);
        QVERIFY2(rest.refused.empty(), rest.refused.empty() ? "" : rest.refused.front().c_str());
        QCOMPARE(rest.samples + part.samples, w.samples);
        // The interrupted run's error and status are replaced by the stream's own ending.
        QCOMPARE(QString::fromStdString(snapshot(tp::StoreConnection::of(store), id, true)),
                 QString::fromStdString(reference));
    }
}

void TestEvidenceImmutable::differingContinuationIsRefused()
{
    QTemporaryDir dir;
    tp::Store store(dir.filePath(QStringLiteral("db.sqlite")).toStdString());
    const auto base = genuineStream("exec-3", 3);
    const auto part = ingest(store, joined(base, 30));
    const long long id = part.runIds.front();
    const std::string stored = snapshot(tp::StoreConnection::of(store), id);
    auto other = genuineStream("exec-3", 4); // same key, other timings
    const auto r = ingest(store, joined(other));
    QCOMPARE(r.refused.size(), std::size_t(1));
    QVERIFY2(r.refused.front().find("interrupted import") != std::string::npos,
             r.refused.front().c_str());
    QCOMPARE(snapshot(tp::StoreConnection::of(store), id),
             stored); // still incomplete, its samples as they were
}

void TestEvidenceImmutable::launcherRecordsJoinOnlyTheirOwnRun()
{
    QTemporaryDir dir;
    tp::Store store(dir.filePath(QStringLiteral("db.sqlite")).toStdString());
    const auto base = genuineStream("exec-4", 5);
    {
        tp::RunIngestor in(store, "test");
        in.feed(joined(base));
        QVERIFY(in.annotate("k8s_events", {{"reason", "Scheduled"}}));
        in.finish();
    }
    const long long id = store.runIdForExecutionKey("exec-4").value();
    const std::string stored = snapshot(tp::StoreConnection::of(store), id);
    tp::RunIngestor in(store, "test");
    in.feed(joined(base));
    QVERIFY(!in.annotate("k8s_events", {{"reason", "Forged"}}));
    in.finish();
    QCOMPARE(snapshot(tp::StoreConnection::of(store), id), stored);
}

void TestEvidenceImmutable::manyPhaseNamesAreBounded()
{
    QTemporaryDir dir;
    tp::Store store(dir.filePath(QStringLiteral("db.sqlite")).toStdString());
    std::string s = genuineStream("exec-5", 6).front() + "\n";
    const int names = 8000; // under kMaxBadLinesInRow warnings in a row
    for (int i = 0; i < names; ++i)
        s += R"({"v":1,"event":"phase","phase":"p)" + std::to_string(i) +
             R"(","batch":1,"seconds":[0.001]})" + "\n";
    s += R"({"v":1,"event":"run_finished","status":"ok"})"
         "\n";
    const auto r = ingest(store, s, 1 << 20);
    QCOMPARE(r.samples, static_cast<long long>(tp::ingest_limits::kMaxPhasesPerRun));
    QCOMPARE(r.warningCount, static_cast<long long>(names) -
                                 static_cast<long long>(tp::ingest_limits::kMaxPhasesPerRun));
    QCOMPARE(
        tp::StoreConnection::of(store).execAndGet("SELECT count(*) FROM phase_lines").getInt64(),
        static_cast<long long>(tp::ingest_limits::kMaxPhasesPerRun));
}

QTEST_GUILESS_MAIN(TestEvidenceImmutable)
#include "tst_evidence_immutable.moc"
