// The Review page, offscreen (its checklist model alone: tst_gate_checklist_model.cpp): the
// page evaluates real runner output on its worker, signs a gate off through the dialog (reviewer
// prefilled from the settings), records a decision, flags a sign-off made on older evidence, lists
// what changed; the cost editor's prices persist and its sensitivity table has one row per price.
// Screenshots of both tabs and of the dialog land in screenshots/ of the build directory.
#include "frontend/settings.h"
#include "model/ingest/ingestor.h"
#include "model/review/next_evidence.h"
#include "model/store/review_store.h"
#include "test_util.h"
#include "ui/models/gate_checklist_model.h"
#include "ui/pages/review_page.h"
#include "ui/review/cost_model_editor.h"
#include "ui/review/cost_model_fields.h"
#include "ui/review/decision_banner.h"
#include "ui/review/gate_checklist_view.h"
#include "ui/review/next_evidence_panel.h"
#include "ui/review/signoff_dialog.h"
#include "ui/review/snapshot_history.h"

#include <QApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QFile>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QTreeWidget>
#include <QtTest>

#include <functional>

using tp::GateChecklistModel;

class TestReviewPage : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void evaluatesTheGates();
    void signOffAndRecordDecision();
    void staleSignoffAndChanges();
    void costEditorPersists();
    void collectMissingEvidence();
    void screenshots();

private:
    static bool computed(QSignalSpy &spy) { return spy.count() > 0 || spy.wait(20000); }
    static QString shot(const char *name)
    {
        QDir().mkpath(QStringLiteral("screenshots"));
        return QDir::current().absoluteFilePath(QStringLiteral("screenshots/") +
                                                QLatin1String(name));
    }
    // Evaluates the page once its writes (run in turn on the worker) have landed, and waits for
    // the result.
    static bool evaluate(tp::ReviewPage &page)
    {
        QSignalSpy done(&page, &tp::ReviewPage::computed);
        page.reload();
        QElapsedTimer clock;
        clock.start();
        while (done.isEmpty() || page.isBusy()) {
            if (clock.elapsed() > 20000)
                return false;
            QTest::qWait(10);
        }
        return done.last().first().toString().isEmpty();
    }
    // Runs `fill` on the modal dialog that `open` shows (polled until it is up).
    static void withDialog(const std::function<void()> &open,
                           const std::function<void(tp::SignoffDialog &)> &fill)
    {
        bool seen = false;
        QTimer poll;
        QObject::connect(&poll, &QTimer::timeout, [&] {
            if (auto *d = qobject_cast<tp::SignoffDialog *>(QApplication::activeModalWidget())) {
                poll.stop();
                seen = true;
                fill(*d);
            }
        });
        poll.start(20);
        open();
        QVERIFY(seen);
    }
    std::unique_ptr<tp::Store> newStore(const QString &name, const char *fixture)
    {
        auto store = std::make_unique<tp::Store>(
            m_dir.filePath(name + QStringLiteral(".sqlite")).toStdString());
        tp::importFile(*store, tptest::dataFile(fixture).toStdString());
        return store;
    }

    QTemporaryDir m_dir;
    tp::Settings m_settings{m_dir.filePath(QStringLiteral("settings.ini"))};
};

void TestReviewPage::evaluatesTheGates()
{
    auto store = newStore(QStringLiteral("eval"), "panels_realistic.jsonl");
    tp::ReviewPage page(store.get(), &m_settings);
    QVERIFY(evaluate(page));
    QCOMPARE(page.checklist()->rowCount(), 5);
    // The compiled bf16 run fails the precision policy (noisy timings do not excuse it).
    QCOMPARE(page.state().report.decision, tp::Decision::KeepCurrentPath);
    QVERIFY(page.banner()->decisionText().contains(QStringLiteral("Keep the current path")));
    QVERIFY(page.banner()->decisionText().contains(QStringLiteral("Correctness")));
    QVERIFY(page.banner()->hashText().contains(
        GateChecklistModel::shortHash(page.state().evidenceHash)));
    QCOMPARE(page.state().evidenceHash.size(), std::size_t(64));
    QVERIFY(page.banner()->reviewText().contains(QStringLiteral("No decision recorded yet")));
    QSignalSpy links(&page, &tp::ReviewPage::showRuns);
    const QModelIndex finite =
        page.checklist()->index(0, 0, page.checklist()->index(1, 0)); // outputs finite
    Q_EMIT page.checklistView()->doubleClicked(finite);
    QCOMPARE(links.count(), 1);
    QCOMPARE(links.first().at(0).value<QList<qlonglong>>(),
             finite.data(GateChecklistModel::RunIdsRole).value<QList<qlonglong>>());

    tp::ReviewPage none(nullptr);
    QSignalSpy done(&none, &tp::ReviewPage::computed);
    none.reload();
    QCOMPARE(done.count(), 1);
    QCOMPARE(done.first().first().toString(), QStringLiteral("No database"));
    QVERIFY(!none.findChild<QPushButton *>(QStringLiteral("recordDecision"))->isEnabled());

    // Gate definitions are a file from outside: a hostile one (not JSON) is read on the worker
    // and said, and the page offers nothing to sign.
    const QString hostile = m_dir.filePath(QStringLiteral("gates-hostile.json"));
    {
        QFile f(hostile);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray("{\"gates\": [") + QByteArray(4096, '['));
    }
    tp::ReviewPage bad(store.get(), &m_settings);
    bad.setDefinitionsPath(hostile);
    QSignalSpy failed(&bad, &tp::ReviewPage::computed);
    bad.reload();
    QVERIFY(computed(failed));
    const QString why = failed.last().first().toString();
    QVERIFY2(why.startsWith(QStringLiteral("Cannot read the gate definitions: ")), qPrintable(why));
    QVERIFY(!bad.findChild<QPushButton *>(QStringLiteral("recordDecision"))->isEnabled());
}

void TestReviewPage::signOffAndRecordDecision()
{
    auto store = newStore(QStringLiteral("sign"), "panels_realistic.jsonl");
    m_settings.setLastReviewer(QStringLiteral("Ana Lima"));
    tp::ReviewPage page(store.get(), &m_settings);
    QVERIFY(evaluate(page));
    QSignalSpy changed(&page, &tp::ReviewPage::reviewChanged);
    QSignalSpy done(&page, &tp::ReviewPage::computed);
    page.checklistView()->setCurrentIndex(page.checklist()->index(0, 0)); // compatibility
    auto *signButton = page.findChild<QPushButton *>(QStringLiteral("signOff"));
    QVERIFY(signButton->isEnabled());
    QString prefilled;
    withDialog([&] { signButton->click(); },
               [&](tp::SignoffDialog &d) {
                   prefilled = d.reviewer();
                   QVERIFY(d.grab().save(shot("review_signoff_dialog.png")));
                   d.findChild<QPlainTextEdit *>(QStringLiteral("comment"))
                       ->setPlainText(QStringLiteral("catalog checked"));
                   d.accept();
               });
    QCOMPARE(prefilled, QStringLiteral("Ana Lima"));
    QCOMPARE(changed.count(), 0); // written on the worker: the page hears of it later
    QVERIFY(computed(done));
    QCOMPARE(changed.count(), 1);
    const std::string hash = page.state().evidenceHash;
    tp::ReviewStore reviews(*store);
    const auto pending = reviews.pendingSignoffs();
    QCOMPARE(pending.size(), std::size_t(1));
    QCOMPARE(pending[0].gateId + "|" + pending[0].reviewer + "|" + pending[0].comment + "|" +
                 pending[0].evidenceHash,
             "compatibility|Ana Lima|catalog checked|" + hash);
    const QModelIndex signoff = page.checklist()->index(0, GateChecklistModel::Signoff);
    QVERIFY(signoff.data().toString().startsWith(QStringLiteral("✔ Ana Lima")));

    // Record the decision through the button and its dialog, as someone else.
    done.clear();
    withDialog([&] { page.findChild<QPushButton *>(QStringLiteral("recordDecision"))->click(); },
               [&](tp::SignoffDialog &d) {
                   d.setReviewer(QStringLiteral("Bea Souza"));
                   d.setComment(QStringLiteral("keep until the cost model is in"));
                   d.accept();
               });
    QVERIFY(computed(done));
    const auto snapshots = reviews.snapshots();
    QCOMPARE(snapshots.size(), std::size_t(1));
    QCOMPARE(snapshots[0].reviewer + "|" + snapshots[0].evidenceHash, "Bea Souza|" + hash);
    QCOMPARE(snapshots[0].decision, tp::Decision::KeepCurrentPath);
    QCOMPARE(snapshots[0].signoffs.size(), std::size_t(1)); // the pending one, attached
    QVERIFY(reviews.pendingSignoffs().empty());
    QCOMPARE(m_settings.lastReviewer(), QStringLiteral("Bea Souza"));
    QTreeWidget *history = page.history()->decisions();
    QCOMPARE(history->topLevelItemCount(), 1);
    QCOMPARE(history->topLevelItem(0)->text(1), QStringLiteral("Bea Souza"));
    QCOMPARE(history->topLevelItem(0)->text(3), GateChecklistModel::shortHash(hash));
    QVERIFY(page.banner()->reviewText().contains(QStringLiteral("has not changed")));
    QCOMPARE(page.history()->changes()->topLevelItemCount(), 0);

    QVERIFY(
        !page.signOff(QStringLiteral("compatibility"), QStringLiteral("  "), {})); // no reviewer
    QVERIFY(!page.signOff(QStringLiteral("speed"), QStringLiteral("Ana"), {}));    // no such gate
    QVERIFY(reviews.pendingSignoffs().empty());
}

void TestReviewPage::staleSignoffAndChanges()
{
    auto store = newStore(QStringLiteral("stale"), "panels_realistic.jsonl");
    tp::ReviewPage page(store.get(), &m_settings);
    QVERIFY(evaluate(page));
    QVERIFY(page.recordDecision(QStringLiteral("Ana"), QStringLiteral("first look")));
    QVERIFY(evaluate(page));
    QVERIFY(page.signOff(QStringLiteral("performance"), QStringLiteral("Ana"), {}));
    QVERIFY(evaluate(page));
    const std::string before = page.state().evidenceHash;
    QCOMPARE(page.checklist()->staleSignoffCount(), 0);

    // New evidence arrives (the main window reloads the page when runs are imported).
    tp::importFile(*store, tptest::dataFile("charts_fixture.jsonl").toStdString());
    QVERIFY(evaluate(page));
    QCOMPARE_NE(QString::fromStdString(page.state().evidenceHash), QString::fromStdString(before));
    QCOMPARE(page.checklist()->staleSignoffCount(), 1);
    const QModelIndex perf = page.checklist()->index(2, 0);
    QCOMPARE(page.checklist()->gateIdAt(perf), QStringLiteral("performance"));
    QVERIFY(perf.data(GateChecklistModel::StaleSignoffRole).toBool());
    QVERIFY(page.banner()->reviewText().contains(QStringLiteral("older evidence")));
    QStringList kinds;
    for (int i = 0; i < page.history()->changes()->topLevelItemCount(); ++i)
        kinds << page.history()->changes()->topLevelItem(i)->text(0);
    QVERIFY2(kinds.contains(QStringLiteral("Run added")), qPrintable(kinds.join(QLatin1Char(','))));
}

void TestReviewPage::costEditorPersists()
{
    // Valid baseline and candidate runs with a steady state: the cost gate can judge.
    auto store = newStore(QStringLiteral("cost"), "review_pilot.jsonl");
    {
        tp::ReviewPage page(store.get(), &m_settings);
        QVERIFY(evaluate(page));
        tp::CostModelEditor *editor = page.costEditor();
        QVERIFY(!editor->isDirty());
        QCOMPARE(editor->baselineFields()->presetCombo()->count(),
                 4); // hint + three shipped presets
        editor->baselineFields()->applyPreset(0);
        editor->candidateFields()->applyPreset(1);
        QVERIFY(editor->isDirty());
        editor->baselineFields()->field("accelerator_per_hour")->setValue(4.5);
        editor->rollbackEdit()->setText(QStringLiteral("redeploy gpu-serving:1.42"));
        QTableWidget *sens = editor->resultView()->sensitivityTable();
        QStringList rows;
        for (int r = 0; r < sens->rowCount(); ++r)
            rows << sens->item(r, 0)->text();
        QCOMPARE(rows.join(QLatin1Char(',')),
                 QStringLiteral("Accelerator,Host,Storage,Network,Observability,All prices"));
        QCOMPARE(sens->columnCount(), 5);
        QCOMPARE_NE(sens->item(0, 1)->text(), sens->item(0, 2)->text()); // −25 % differs from +25 %
        QSignalSpy done(&page, &tp::ReviewPage::computed);
        QTest::mouseClick(editor->findChild<QPushButton *>(QStringLiteral("saveInputs")),
                          Qt::LeftButton);
        QVERIFY(editor->isDirty()); // until the worker has written them
        QVERIFY(computed(done));    // written, then the gates re-evaluate with them
        QVERIFY(!editor->isDirty());
        QVERIFY(page.state().inputs.baselineCost.has_value());
    }
    const tp::ReviewInputs stored = tp::ReviewStore(*store).inputs();
    QVERIFY(stored.baselineCost && stored.candidateCost);
    QCOMPARE(stored.baselineCost->acceleratorPerHour, 4.5);
    QCOMPARE(stored.candidateCost->name, std::string("tpu-on-demand-example"));
    QCOMPARE(stored.rollbackPath, std::string("redeploy gpu-serving:1.42"));

    tp::ReviewPage reopened(store.get(), &m_settings);
    QVERIFY(evaluate(reopened));
    QCOMPARE(reopened.costEditor()->baselineFields()->field("accelerator_per_hour")->value(), 4.5);
    QCOMPARE(reopened.costEditor()->rollbackEdit()->text(),
             QStringLiteral("redeploy gpu-serving:1.42"));
    const auto &cost = reopened.state().report.gates.back(); // judged now: both sides configured
    QCOMPARE(QString::fromStdString(cost.id), QStringLiteral("cost"));
    QCOMPARE_NE(cost.verdict, tp::Verdict::Insufficient);
    QVERIFY(reopened.costEditor()->resultView()->summary().contains(
        QStringLiteral("per useful result")));
}

void TestReviewPage::collectMissingEvidence()
{
    // No runs at all: every criterion is open, and says what would decide it.
    auto store =
        std::make_unique<tp::Store>(m_dir.filePath(QStringLiteral("collect.sqlite")).toStdString());
    tp::ReviewPage page(store.get(), &m_settings);
    QVERIFY(evaluate(page));
    tp::NextEvidencePanel *panel = page.nextEvidence();
    const QString text = panel->text();
    QVERIFY2(text.contains(QStringLiteral("Run: candidate inference mlp compiled float32, shape "
                                          "catalog, preset standard, 5 calls profiled")),
             qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Reviewer: a rollback path")), qPrintable(text));
    auto *collect = page.findChild<QPushButton *>(QStringLiteral("collectEvidence"));
    QVERIFY(collect && collect->isEnabled());
    QSignalSpy asked(&page, &tp::ReviewPage::collectEvidence);
    collect->click();
    QCOMPARE(asked.count(), 1);
    const auto runs = asked.first().at(0).value<std::vector<tp::EvidenceRequest>>();
    QCOMPARE(runs.size(), tp::missingRuns(page.state().report).size());
    QCOMPARE(asked.first().at(1).value<tp::PilotDefinition>().name, std::string("local"));

    // Everything decided but what a reviewer gives: nothing to queue.
    tp::ReviewPage none(nullptr);
    none.reload();
    QVERIFY(!none.findChild<QPushButton *>(QStringLiteral("collectEvidence"))->isEnabled());
}

void TestReviewPage::screenshots()
{
    // A pilot reviewed and recorded, then a slower candidate run arrives: the decision, the
    // stale sign-off and what changed are all on screen.
    auto store = newStore(QStringLiteral("shots"), "review_pilot.jsonl");
    tp::ReviewPage page(store.get(), &m_settings);
    page.resize(1280, 740); // a 1280×800 window less its menu, tab and status bars
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QVERIFY(evaluate(page));
    tp::CostModelEditor *editor = page.costEditor();
    editor->baselineFields()->applyPreset(0);
    editor->candidateFields()->applyPreset(2); // spot, migration engineering
    editor->rollbackEdit()->setText(
        QStringLiteral("route traffic back to the GPU node pool (runbook OPS-118)"));
    QVERIFY(editor->save());
    QVERIFY(evaluate(page));
    for (const char *gate : {"compatibility", "correctness", "performance", "operations", "cost"})
        QVERIFY(page.signOff(QString::fromLatin1(gate), QStringLiteral("Ana Lima"),
                             QStringLiteral("checked")));
    QVERIFY(evaluate(page));
    QVERIFY(page.recordDecision(QStringLiteral("Bea Souza"),
                                QStringLiteral("pilot approved, spot capacity")));
    QVERIFY(evaluate(page));
    QVERIFY(page.signOff(QStringLiteral("performance"), QStringLiteral("Ana Lima"),
                         QStringLiteral("p99 ok")));
    tp::importFile(*store, tptest::dataFile("review_slow_run.jsonl").toStdString());
    QVERIFY(evaluate(page));
    // What the page shows: the recorded decision, the sign-off made against older evidence
    // (banner and checklist), and the slower run among what changed since.
    QVERIFY(page.state().lastReview);
    QCOMPARE(QString::fromStdString(page.state().lastReview->reviewer),
             QStringLiteral("Bea Souza"));
    QCOMPARE(page.checklist()->staleSignoffCount(), 1);
    QVERIFY2(page.banner()->reviewText().contains(QStringLiteral("older evidence")),
             qPrintable(page.banner()->reviewText()));
    QStringList kinds;
    for (int i = 0; i < page.history()->changes()->topLevelItemCount(); ++i)
        kinds << page.history()->changes()->topLevelItem(i)->text(0);
    QVERIFY2(kinds.contains(QStringLiteral("Run added")), qPrintable(kinds.join(QLatin1Char(','))));
    QTest::qWait(100);
    QVERIFY(page.grab().save(shot("review_page.png")));

    editor->candidateFields()->field("accelerator_per_hour")->setValue(3.1); // an unsaved edit
    page.tabs()->setCurrentIndex(1);
    QCOMPARE(page.tabs()->currentWidget(), static_cast<QWidget *>(editor));
    // Both sides have a cost model: the summary compares their cost per useful result.
    QVERIFY2(editor->resultView()->summary().contains(QStringLiteral("per useful result")),
             qPrintable(editor->resultView()->summary()));
    QTest::qWait(100);
    QVERIFY(page.grab().save(shot("review_cost_editor.png")));
    qInfo("screenshots in %s", qPrintable(shot("")));
}

QTEST_MAIN(TestReviewPage)
#include "tst_review_page.moc"
