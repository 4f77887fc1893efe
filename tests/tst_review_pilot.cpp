// The Pilot tab of the Review page, offscreen, on a real database with real runner output: the
// editor shows the selected pilot; a saved edit bumps its version and relabels the gates' sides;
// the differences line flags a factor the pilot does not allow; a new pilot is added and
// selected, a duplicate name or a C++ runner on a TPU is refused and nothing is written; the
// picker switches the pilot the gates evaluate; a reload for another reason keeps edits in
// progress; the last pilot cannot be removed. A screenshot of the tab lands in screenshots/.
#include "frontend/settings.h"
#include "model/ingest/ingestor.h"
#include "model/store/pilot_store.h"
#include "model/store/store.h"
#include "test_util.h"
#include "ui/pages/review_page.h"
#include "ui/review/pilot_editor.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

class TestReviewPilot : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init();
    void showsAndSavesThePilot();
    void flagsDifferencesNotAllowed();
    void addSelectAndRemove();
    void refusesBadPilotsAndWritesNothing();
    void reloadKeepsEditsInProgress();
    void screenshot();

private:
    // Waits for the page's next evaluation; true when it succeeded.
    bool settle(const std::function<void()> &action)
    {
        QSignalSpy done(m_page.get(), &tp::ReviewPage::computed);
        action();
        return (done.count() > 0 || done.wait(20000)) && done.last().first().toString().isEmpty();
    }
    tp::PilotEditor *editor() const { return m_page->pilotEditor(); }
    template <class W> W *field(const char *name) const
    {
        W *w = editor()->findChild<W *>(QLatin1String(name));
        if (!w)
            qFatal("no widget %s", name);
        return w;
    }
    QString status() const { return field<QLabel>("pilotStatus")->text(); }
    std::vector<tp::PilotDefinition> stored() const { return tp::PilotStore(*m_store).list(); }

    QTemporaryDir m_dir;
    tp::Settings m_settings{m_dir.filePath(QStringLiteral("settings.ini"))};
    std::unique_ptr<tp::Store> m_store;
    std::unique_ptr<tp::ReviewPage> m_page;
    int m_count = 0;
};

void TestReviewPilot::init()
{
    m_page.reset();
    const QString path = m_dir.filePath(QStringLiteral("pilot%1.sqlite").arg(++m_count));
    m_store = std::make_unique<tp::Store>(path.toStdString());
    tp::importFile(*m_store, tptest::dataFile("panels_realistic.jsonl").toStdString());
    m_page = std::make_unique<tp::ReviewPage>(m_store.get(), &m_settings);
    QVERIFY(settle([this] { m_page->reload(); }));
}

void TestReviewPilot::showsAndSavesThePilot()
{
    QVERIFY(m_page->showTab(QStringLiteral("pilot")));
    QCOMPARE(m_page->tabs()->currentWidget(), editor());
    auto *combo = field<QComboBox>("pilotCombo");
    QCOMPARE(combo->count(), 1);
    QCOMPARE(combo->currentText(), QStringLiteral("local (v1)"));
    QCOMPARE(field<QLineEdit>("baselineLabel")->text(),
             QString::fromStdString(tp::defaultPilot().baseline.label.english()));
    QVERIFY(!editor()->isModified());
    QVERIFY(!field<QPushButton>("removePilot")->isEnabled()); // never the last pilot

    field<QLineEdit>("candidateLabel")->setText(QStringLiteral("TPU v6e (candidate)"));
    QVERIFY(editor()->isModified());
    QVERIFY(settle([this] { field<QPushButton>("savePilot")->click(); }));
    QCOMPARE(m_page->state().pilot.version, 2);
    QCOMPARE(m_page->state().definitions.candidateLabel.english(),
             std::string("TPU v6e (candidate)"));
    QCOMPARE(stored().at(0).version, 2);
    QCOMPARE(combo->currentText(), QStringLiteral("local (v2)"));
    QVERIFY(status().contains(QStringLiteral("version 2")));
    QVERIFY(!editor()->isModified());

    // Saving again without a change writes nothing new: the version stays.
    QVERIFY(settle([this] { field<QPushButton>("savePilot")->click(); }));
    QCOMPARE(stored().at(0).version, 2);
}

void TestReviewPilot::flagsDifferencesNotAllowed()
{
    auto *differences = field<QLabel>("differencesLabel");
    QVERIFY(differences->text().contains(QStringLiteral("mode: eager → compiled — allowed")));
    QVERIFY(!differences->text().contains(QStringLiteral("not an allowed")));
    field<QLineEdit>("candidateDevice")->setText(QStringLiteral("cuda"));
    QVERIFY(differences->text().contains(
        QStringLiteral("device: any → cuda — not an allowed difference")));

    // Allow it, with its reason: the line turns to "allowed".
    auto *table = field<QTableWidget>("allowedTable");
    const int rows = table->rowCount();
    field<QPushButton>("addAllowed")->click();
    QCOMPARE(table->rowCount(), rows + 1);
    table->setItem(rows, 0, new QTableWidgetItem(QStringLiteral("device")));
    table->setItem(rows, 1, new QTableWidgetItem(QStringLiteral("the candidate is a GPU host")));
    QVERIFY(differences->text().contains(
        QStringLiteral("device: any → cuda — allowed: the candidate is a GPU host")));
    QVERIFY(settle([this] { field<QPushButton>("savePilot")->click(); }));
    QCOMPARE(stored().at(0).candidate.device, std::string("cuda"));
    QCOMPARE(stored().at(0).allowed.size(), std::size_t(3));
}

void TestReviewPilot::addSelectAndRemove()
{
    field<QLineEdit>("candidateLabel")->setText(QStringLiteral("GPU bf16"));
    field<QLineEdit>("candidateDtype")->setText(QStringLiteral("bfloat16"));
    QVERIFY(settle([this] { editor()->addAs(QStringLiteral("bf16")); }));
    auto *combo = field<QComboBox>("pilotCombo");
    QCOMPARE(combo->count(), 2);
    QCOMPARE(combo->currentText(), QStringLiteral("bf16 (v1)"));
    QCOMPARE(m_page->state().pilot.name, std::string("bf16"));
    QCOMPARE(m_page->state().definitions.candidateLabel.english(), std::string("GPU bf16"));
    QCOMPARE(tp::PilotStore(*m_store).selected().name, std::string("bf16"));
    QCOMPARE(stored().at(0).candidate.dtype, std::string()); // "local" kept as it was

    // The picker switches the pilot the gates evaluate, and the database remembers it.
    QVERIFY(settle([combo] { combo->setCurrentIndex(0); }));
    QCOMPARE(m_page->state().pilot.name, std::string("local"));
    QCOMPARE(tp::PilotStore(*m_store).selected().name, std::string("local"));
    QCOMPARE(field<QLineEdit>("candidateDtype")->text(), QString());

    QVERIFY(settle([this] { field<QPushButton>("removePilot")->click(); }));
    QCOMPARE(combo->count(), 1);
    QCOMPARE(m_page->state().pilot.name, std::string("bf16"));
    // The last pilot stays: its button is off, and the store refuses the request anyway; the
    // page says why, in red, and nothing changes.
    QVERIFY(!field<QPushButton>("removePilot")->isEnabled());
    QVERIFY(settle([this] { Q_EMIT editor()->removeRequested(QStringLiteral("bf16")); }));
    QCOMPARE(stored().size(), std::size_t(1));
    QVERIFY(status().contains(QStringLiteral("#c62828")));
    QVERIFY(status().contains(QStringLiteral("only pilot")));
}

void TestReviewPilot::refusesBadPilotsAndWritesNothing()
{
    const auto before = stored();
    QSignalSpy writes(m_page.get(), &tp::ReviewPage::computed);
    editor()->addAs(QStringLiteral("local")); // the name is taken
    QVERIFY(status().contains(QStringLiteral("already exists")));
    editor()->addAs(QStringLiteral("  ")); // no name
    QVERIFY(status().contains(QStringLiteral("name")));

    field<QLineEdit>("candidateDevice")->setText(QStringLiteral("tpu"));
    field<QComboBox>("candidateRunner")->setCurrentIndex(1); // C++ runner
    field<QPushButton>("savePilot")->click();
    QVERIFY(status().contains(QStringLiteral("cannot use device tpu")));
    field<QTableWidget>("allowedTable")->item(0, 1)->setText(QString()); // a reason left empty
    field<QComboBox>("candidateRunner")->setCurrentIndex(2);             // Python runner
    field<QPushButton>("savePilot")->click();
    QVERIFY(status().contains(QStringLiteral("reason")));
    QCOMPARE(writes.count(), 0); // refused in the form: the page never wrote
    // A request the form did not check (a name taken meanwhile): the store refuses it.
    const tp::PilotDefinition copy = tp::defaultPilot(); // named "local"
    QVERIFY(settle([this, &copy] { Q_EMIT editor()->addRequested(copy); }));
    QVERIFY(status().contains(QStringLiteral("already exists")));
    QCOMPARE(stored().size(), before.size());
    QCOMPARE(stored().at(0).version, before.at(0).version);
    QVERIFY(editor()->isModified()); // the edits are still there to fix, after the refusal too

    field<QPushButton>("revertPilot")->click();
    QVERIFY(!editor()->isModified());
    QCOMPARE(field<QLineEdit>("candidateDevice")->text(), QString());
}

void TestReviewPilot::reloadKeepsEditsInProgress()
{
    field<QLineEdit>("pilotCatalog")->setText(QStringLiteral("extended"));
    QVERIFY(settle([this] { m_page->reload(); }));
    QCOMPARE(field<QLineEdit>("pilotCatalog")->text(), QStringLiteral("extended"));
    QVERIFY(editor()->isModified());
    QCOMPARE(stored().at(0).catalog, std::string("default"));
}

void TestReviewPilot::screenshot()
{
    m_page->resize(1100, 760);
    QVERIFY(m_page->showTab(QStringLiteral("pilot")));
    m_page->show();
    field<QLineEdit>("candidateDevice")->setText(QStringLiteral("cuda"));
    // What the tab shows: the selected pilot, an unsaved edit, and the difference it flags.
    QCOMPARE(m_page->tabs()->currentWidget(), editor());
    QCOMPARE(field<QComboBox>("pilotCombo")->currentText(), QStringLiteral("local (v1)"));
    QVERIFY(editor()->isModified());
    const QString differences = field<QLabel>("differencesLabel")->text();
    QVERIFY2(differences.contains(QStringLiteral("device: any → cuda — not an allowed difference")),
             qPrintable(differences));
    QDir().mkpath(QStringLiteral("screenshots"));
    QVERIFY(m_page->grab().save(QStringLiteral("screenshots/review_pilot.png")));
}

QTEST_MAIN(TestReviewPilot)
#include "tst_review_pilot.moc"
