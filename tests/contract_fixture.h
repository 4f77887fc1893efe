#pragma once
// Helpers of the crash and concurrency tests: a big contract stream written to a file, and figures
// read straight from a database with SQLite (not tp::Store); the app as a child process is
// tptest::runApp (test_util.h).
#include "test_util.h"

#include <QFile>
#include <QProcess>
#include <QString>
#include <QStringList>

#include <SQLiteCpp/SQLiteCpp.h>

#include <string>

namespace tptest
{

struct BigStream {
    int runs = 2;
    int linesPerRun = 1000;                    // phase lines per run
    int samplesPerLine = 100;                  // 2 × 1000 × 100 = 200 000 samples
    QString keyPrefix = QStringLiteral("big"); // execution keys are <prefix>-exec-<run>
    long long samples() const
    {
        return static_cast<long long>(runs) * linesPerRun * samplesPerLine;
    }
    long long events() const { return static_cast<long long>(runs) * (linesPerRun + 2); }
};

// Writes `spec` as a contract file: per run, run_started with its own execution key, phase lines
// (one first_call line, then warmup and steady), run_finished ok. Returns false on I/O errors.
inline bool writeBigStream(const QString &path, const BigStream &spec)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    for (int r = 0; r < spec.runs; ++r) {
        f.write(
            QStringLiteral(
                R"({"v":1,"event":"run_started","run_key":"%2/%1","execution_key":"%2-exec-%1",)"
                R"("workload":"mlp","mode":"eager","device":"cpu","dtype":"float32",)"
                R"("shape":{"batch":64,"in":128},"started_at":"2026-12-01T10:0%1:00Z"})")
                .arg(r)
                .arg(spec.keyPrefix)
                .toUtf8() +
            '\n');
        for (int l = 0; l < spec.linesPerRun; ++l) {
            const char *phase = l == 0                      ? "first_call"
                                : l < spec.linesPerRun / 10 ? "warmup"
                                                            : "steady";
            QByteArray line = QByteArrayLiteral(R"({"v":1,"event":"phase","phase":")") + phase +
                              QByteArrayLiteral(R"(","batch":64,"seconds":[)");
            for (int s = 0; s < spec.samplesPerLine; ++s)
                line += (s ? "," : "") +
                        QByteArray::number(1e-4 + 1e-7 * ((l * 31 + s * 7 + r) % 1000), 'g', 17);
            f.write(line + "]}\n");
        }
        f.write(R"({"v":1,"event":"run_finished","status":"ok","summary":{"finite":true}})"
                "\n");
    }
    return f.error() == QFile::NoError;
}

// What a database holds, read with SQLite directly.
struct DbFigures {
    long long runs = 0, samples = 0, events = 0, maintainedSamples = 0, complete = 0, keys = 0;
    bool operator==(const DbFigures &o) const
    {
        return runs == o.runs && samples == o.samples && events == o.events &&
               maintainedSamples == o.maintainedSamples && complete == o.complete && keys == o.keys;
    }
};

inline DbFigures dbFigures(SQLite::Database &db)
{
    DbFigures f;
    f.runs = db.execAndGet("SELECT count(*) FROM runs").getInt64();
    f.samples = db.execAndGet("SELECT coalesce(sum(count), 0) FROM sample_chunks").getInt64();
    // Every line: events, and phase lines counted per phase (schema v12: not events).
    f.events = db.execAndGet("SELECT (SELECT count(*) FROM events) + (SELECT coalesce(sum(lines), "
                             "0) FROM phase_lines)")
                   .getInt64();
    f.maintainedSamples =
        db.execAndGet("SELECT coalesce(sum(sample_count), 0) FROM runs").getInt64();
    f.complete =
        db.execAndGet("SELECT count(*) FROM runs WHERE complete = 1 AND status = 'ok'").getInt64();
    f.keys = db.execAndGet("SELECT count(DISTINCT execution_key) FROM runs").getInt64();
    return f;
}

inline QString describe(const DbFigures &f)
{
    return QStringLiteral("%1 runs (%2 ok, %3 keys), %4 samples (maintained %5), %6 events")
        .arg(f.runs)
        .arg(f.complete)
        .arg(f.keys)
        .arg(f.samples)
        .arg(f.maintainedSamples)
        .arg(f.events);
}

// PRAGMA integrity_check through SQLite itself; "ok" when the file is sound.
inline std::string integrityCheck(const std::string &path)
{
    SQLite::Database db(path, SQLite::OPEN_READWRITE); // read-write: a hot WAL may need recovery
    return db.execAndGet("PRAGMA integrity_check").getString();
}

} // namespace tptest
