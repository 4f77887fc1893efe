// ui_scale: how the dashboard copes with a large evidence store (see bench/ui_scale.sh).
//  1. Start-up: from process start (--t0, the launcher's clock) to a window listing every run,
//     shown, laid out and painted once — with its parts: QApplication, Store open, pages built
//     (Store::listRuns, RunsModel, filters), show + first paint.
//  2. Switching runs: select another run in the table and wait until the run's details are
//     shown AND the charts page has rebuilt its charts for the new selection and they have laid
//     out and painted (posted events); averaged over --switches switches (a) to runs spread
//     across the store, each in another launch (every chart rebuilt: the worst case) and (b) to
//     a sibling run of the same launch (the group charts stay: walking down the table); and
//     (c) with the charts page hidden, as when it is a tab not shown (Runs page only).
// The window holds the Runs page and the Charts page side by side (1920×1080), so every switch
// redraws both — the worst case of the final layout, where the charts are a tab of their own.
//
// usage: ui_scale DB.sqlite [--t0 EPOCH_SECONDS] [--switches N]
#include "model/store/store.h"
#include "ui/pages/charts_page.h"
#include "ui/pages/runs_page.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QMainWindow>
#include <QSplitter>
#include <QTimer>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <vector>

#include <sys/resource.h>

namespace
{

double epochNow()
{
    return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

double msSince(const QElapsedTimer &t)
{
    return double(t.nsecsElapsed()) / 1e6;
}

double cpuMs() // user + system time of the whole process (all threads)
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    auto ms = [](const timeval &tv) { return double(tv.tv_sec) * 1e3 + double(tv.tv_usec) / 1e3; };
    return ms(u.ru_utime) + ms(u.ru_stime);
}

struct Switch {
    double detail = 0, charts = 0, total = 0, cpu = 0, withFullPaint = 0;
};

void report(const char *what, const std::vector<Switch> &v, const char *tag)
{
    if (v.empty())
        return;
    auto mean = [&](double Switch::*field) {
        double sum = 0;
        for (const Switch &s : v)
            sum += s.*field;
        return sum / double(v.size());
    };
    std::vector<double> totals;
    totals.reserve(v.size());
    for (const Switch &s : v)
        totals.push_back(s.total);
    std::sort(totals.begin(), totals.end());
    std::printf("%s: %zu switches, mean %.1f ms (details %.1f + charts ready %.1f + layout/paint), "
                "median %.1f, max %.1f; CPU %.1f ms; with a full-window repaint %.1f ms\n",
                what, v.size(), mean(&Switch::total), mean(&Switch::detail), mean(&Switch::charts),
                totals[totals.size() / 2], totals.back(), mean(&Switch::cpu),
                mean(&Switch::withFullPaint));
    std::printf("%s %.1f %.1f (wall ms, CPU ms)\n", tag, mean(&Switch::total), mean(&Switch::cpu));
}

} // namespace

int main(int argc, char **argv)
{
    const double mainEntered = epochNow();
    QElapsedTimer total;
    total.start();
    QApplication app(argc, argv);
    const double appMs = msSince(total);

    QStringList args = QApplication::arguments();
    args.removeFirst();
    double t0 = 0;
    int switches = 20;
    QString dbPath;
    for (int i = 0; i < args.size(); ++i) {
        if (args[i] == QLatin1String("--t0") && i + 1 < args.size())
            t0 = args[++i].toDouble();
        else if (args[i] == QLatin1String("--switches") && i + 1 < args.size())
            switches = args[++i].toInt();
        else
            dbPath = args[i];
    }
    if (dbPath.isEmpty()) {
        std::fprintf(stderr, "usage: ui_scale DB.sqlite [--t0 EPOCH_SECONDS] [--switches N]\n");
        return 2;
    }

    QElapsedTimer step;
    step.start();
    tp::Store store(dbPath.toStdString());
    const double storeMs = msSince(step);

    step.restart();
    QMainWindow window;
    auto *split = new QSplitter(Qt::Horizontal);
    auto *runs = new tp::RunsPage(&store);
    auto *charts = new tp::ChartsPage(&store);
    split->addWidget(runs);
    split->addWidget(charts);
    split->setSizes({900, 1020});
    window.setCentralWidget(split);
    window.resize(1920, 1080);
    QObject::connect(runs, &tp::RunsPage::currentRunChanged, charts, &tp::ChartsPage::showRun);
    {
        // listRuns, model, filters: what MainWindow does at start (on the store worker; the
        // window counts as interactive once the list is in).
        QEventLoop listed;
        QObject::connect(runs, &tp::RunsPage::loaded, &listed, &QEventLoop::quit);
        runs->reload();
        if (runs->runCount() == 0)
            listed.exec();
    }
    const double buildMs = msSince(step);

    step.restart();
    window.show();
    QApplication::processEvents();
    window.repaint(); // a complete paint, synchronously
    const double showMs = msSince(step);
    const double sinceMain = msSince(total);
    const double sinceStart = t0 > 0 ? (epochNow() - t0) * 1000.0 : 0;
    const int runCount = runs->runCount();

    // For the breakdown only, after the fact: one more Store::listRuns() on the warm connection.
    step.restart();
    const std::size_t listed = store.listRuns().size();
    const double listMs = msSince(step);
    std::printf("runs listed: %d (Store::listRuns alone: %zu runs in %.0f ms)\n", runCount, listed,
                listMs);
    std::printf("startup: QApplication %.0f ms, Store open %.0f ms, pages + listRuns %.0f ms, "
                "show + first paint %.0f ms\n",
                appMs, storeMs, buildMs, showMs);
    if (t0 > 0)
        std::printf("STARTUP_MS %.0f (process start to interactive window; %.0f ms before main)\n",
                    sinceStart, (mainEntered - t0) * 1000.0);
    else
        std::printf("STARTUP_MS %.0f (main to interactive window; no --t0 given)\n", sinceMain);

    // Switching runs. One switch: select the run (details are read and drawn synchronously, the
    // charts load in their worker), wait for the charts, let the posted layout and paint events
    // run. CPU time (both threads) is reported too: it is what the wall time would be on an
    // otherwise idle machine.
    QEventLoop loop;
    QObject::connect(charts, &tp::ChartsPage::chartsUpdated, &loop, &QEventLoop::quit);
    QObject::connect(charts, &tp::ChartsPage::loadFailed, &loop,
                     [&loop](long long, const QString &why) {
                         std::fprintf(stderr, "ui_scale: charts failed: %s\n", qPrintable(why));
                         loop.quit();
                     });
    auto switchTo = [&](long long id) {
        Switch s;
        const double cpu0 = cpuMs();
        QElapsedTimer t;
        t.start();
        runs->selectRunId(id);
        s.detail = msSince(t);
        if (charts->isLoading())
            loop.exec(); // until chartsUpdated
        s.charts = msSince(t) - s.detail;
        for (int k = 0; k < 3; ++k)
            QApplication::processEvents();
        s.total = msSince(t);
        s.cpu = cpuMs() - cpu0;
        window.repaint(); // conservative variant: the whole window painted once more
        s.withFullPaint = msSince(t);
        return s;
    };
    // (a) Worst case: every switch lands in another launch, so every chart is rebuilt.
    std::vector<Switch> other;
    for (int i = 0; i < switches && runCount > 1; ++i)
        other.push_back(switchTo(1 + (static_cast<long long>(i) * 4999 + 7) % runCount));
    // (b) Walking the table: from a run to its sibling of the same workload/dtype/device (the
    // generator's ids 4n+1 and 4n+2: eager and compiled float32), where only the focus's latency
    // and trace charts change.
    std::vector<Switch> sibling;
    for (int i = 0; i < switches && runCount > 4; ++i) {
        const long long first = 1 + 4 * ((static_cast<long long>(i) * 613 + 11) % (runCount / 4));
        switchTo(first);
        sibling.push_back(switchTo(first + 1));
    }
    // (c) The charts page hidden (a tab not shown): switching redraws the Runs page only.
    charts->hide();
    std::vector<Switch> runsOnly;
    for (int i = 0; i < switches && runCount > 1; ++i)
        runsOnly.push_back(switchTo(1 + (static_cast<long long>(i) * 3331 + 5) % runCount));
    // (d) The newest run (gen_large_db --big N makes it one of N steady samples): its charts are
    // read from its chunks, never materialised.
    charts->show();
    const Switch newest = switchTo(runCount);
    std::printf("BIG_RUN_MS %.1f (select the newest run: details %.1f + charts %.1f; cpu %.1f)\n",
                newest.total, newest.detail, newest.charts, newest.cpu);
    report("switch to another launch", other, "SWITCH_MS");
    report("switch to a sibling", sibling, "SWITCH_SIBLING_MS");
    report("switch with the charts page hidden (Runs page only)", runsOnly, "SWITCH_RUNS_ONLY_MS");
    QElapsedTimer paint;
    paint.start();
    for (int k = 0; k < 5; ++k)
        window.repaint();
    std::printf("a full repaint of the unchanged %dx%d window: %.1f ms\n", window.width(),
                window.height(), msSince(paint) / 5);
    return 0;
}
