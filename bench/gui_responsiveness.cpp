// gui_responsiveness: how long the GUI thread is blocked while a person browses a large
// database. The walk is bench/gui_walk.cpp's (the one tests/tst_gui_responsiveness checks for
// SQL on the GUI thread): reload, six run details, five selections in a row, every page, a
// comparison, a second window, and a sign-off while another process holds the write lock.
// A 10 ms timer runs on the GUI thread; each step's largest gap between two of its timeouts (a
// block plus at most one tick) is printed with its ratio to a 100 ms budget. Rounds repeat the
// walk in one process on one database; the summary gives each step's median and worst.
// A figure, never a verdict: it depends on this machine and what else it is doing (uptime is
// printed), which is why no test holds it.
//
// usage: gui_responsiveness [--rounds 5] [--runs 10000] [--samples 100] [--hold 5]
//        (QT_QPA_PLATFORM=offscreen works; gen_large_db is taken from this program's directory)
#include "gui_walk.h"

#include "model/store/store.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <map>
#include <vector>

namespace
{

constexpr int kTickMs = 10;
constexpr double kBudgetMs = 100;

// The largest gap between the timeouts of a kTickMs timer on the GUI thread, per step.
class GapMeter
{
public:
    GapMeter()
    {
        m_timer.setInterval(kTickMs);
        m_timer.setTimerType(Qt::PreciseTimer);
        QObject::connect(&m_timer, &QTimer::timeout, [this] {
            m_gapMs = std::max(m_gapMs, double(m_clock.nsecsElapsed()) / 1e6);
            m_clock.restart();
        });
        m_clock.start();
        m_timer.start();
    }
    // The step's largest gap (the time since the last tick counts too), then a new step.
    double endStep()
    {
        const double gap = std::max(m_gapMs, double(m_clock.nsecsElapsed()) / 1e6);
        m_gapMs = 0;
        return gap;
    }

private:
    QTimer m_timer;
    QElapsedTimer m_clock;
    double m_gapMs = 0;
};

struct StepFigures {
    bool databaseWork = true;
    std::vector<double> gaps;
};

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

QString loadAverage()
{
    QFile f(QStringLiteral("/proc/loadavg"));
    return f.open(QIODevice::ReadOnly)
               ? QString::fromLatin1(f.readAll()).section(QLatin1Char(' '), 0, 2)
               : QStringLiteral("?");
}

QString cpuModel()
{
    QFile f(QStringLiteral("/proc/cpuinfo"));
    if (f.open(QIODevice::ReadOnly))
        for (const QByteArray &line : f.readAll().split('\n'))
            if (line.startsWith("model name"))
                return QString::fromUtf8(line.mid(line.indexOf(':') + 1).trimmed());
    return QStringLiteral("?");
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    int rounds = 5, runs = 10000, samples = 100, hold = 5;
    const QStringList args = app.arguments();
    for (int i = 1; i + 1 < args.size(); i += 2) {
        bool ok = false;
        const int v = args.at(i + 1).toInt(&ok);
        if (!ok || v < 1) {
            std::fprintf(stderr, "gui_responsiveness: %s needs a positive number\n",
                         qPrintable(args.at(i)));
            return 2;
        }
        if (args.at(i) == QLatin1String("--rounds"))
            rounds = v;
        else if (args.at(i) == QLatin1String("--runs"))
            runs = v;
        else if (args.at(i) == QLatin1String("--samples"))
            samples = v;
        else if (args.at(i) == QLatin1String("--hold"))
            hold = v;
        else {
            std::fprintf(stderr, "gui_responsiveness: unknown option %s\n", qPrintable(args.at(i)));
            return 2;
        }
    }
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("large.sqlite"));
    QProcess gen;
    gen.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    gen.start(QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("gen_large_db")),
              {db, QStringLiteral("--runs"), QString::number(runs), QStringLiteral("--samples"),
               QString::number(samples)});
    if (!gen.waitForFinished(600000) || gen.exitCode() != 0) {
        std::fprintf(stderr, "gui_responsiveness: gen_large_db failed\n");
        return 1;
    }
    { // the first open judges every run, as the app does before it shows a window
        const tp::Store judged(db.toStdString());
    }
    std::printf("CPU: %s, %d cores; load average before: %s\n", qPrintable(cpuModel()),
                QThread::idealThreadCount(), qPrintable(loadAverage()));
    std::printf("%d rounds over %d runs of %d samples; a %d ms timer on the GUI thread; budget "
                "%.0f ms\n",
                rounds, runs, samples, kTickMs, kBudgetMs);

    std::vector<QString> order;
    std::map<QString, StepFigures> steps;
    for (int round = 1; round <= rounds; ++round) {
        GapMeter meter;
        const tp::walk::StepDone record = [&](const QString &name, bool databaseWork) {
            const double gap = meter.endStep();
            auto [it, added] = steps.try_emplace(name);
            if (added)
                order.push_back(name);
            it->second.databaseWork = databaseWork;
            it->second.gaps.push_back(gap);
            std::printf("  round %d  %-36s %7.1f ms%s\n", round, qPrintable(name), gap,
                        databaseWork ? "" : "  (rendering)");
        };
        QString error;
        {
            tp::Store store(db.toStdString());
            meter.endStep(); // opening the database is the app's start, before its window
            error = tp::walk::browse(store, runs, record);
        }
        tp::walk::SignOffFacts facts;
        if (error.isEmpty()) {
            const QString lockDb = dir.filePath(QStringLiteral("locked-%1.sqlite").arg(round));
            tp::Store store(lockDb.toStdString());
            tp::walk::importRealisticRuns(store);
            meter.endStep(); // the import is the benchmark's setup, not the GUI's
            error = tp::walk::signOffDuringLock(store, hold, record, facts);
            std::printf("  round %d  signOff() returned after %lld ms, written %lld ms after "
                        "the lock was taken\n",
                        round, static_cast<long long>(facts.callMs),
                        static_cast<long long>(facts.writtenAfterMs));
        }
        if (!error.isEmpty()) {
            std::fprintf(stderr, "gui_responsiveness: round %d: %s\n", round, qPrintable(error));
            return 1;
        }
    }
    std::printf("\n%-38s %9s %9s %9s %9s\n", "step (largest GUI-thread gap)", "median", "worst",
                "med/100", "worst/100");
    for (const QString &name : order) {
        const StepFigures &f = steps[name];
        const double med = median(f.gaps), worst = *std::max_element(f.gaps.begin(), f.gaps.end());
        std::printf("%-38s %6.1f ms %6.1f ms %9.2f %9.2f%s\n", qPrintable(name), med, worst,
                    med / kBudgetMs, worst / kBudgetMs, f.databaseWork ? "" : "  (rendering)");
    }
    std::printf("load average after: %s\n", qPrintable(loadAverage()));
    return 0;
}
