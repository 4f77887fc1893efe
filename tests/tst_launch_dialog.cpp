// Offscreen: the launch dialog's specs, validation and targets, the Kubernetes Job preview, and
// screenshots of the dialog that a person looks at. The queue model and the queue page driving
// the real runner are in tst_launch_dialog_queue.cpp.
#include "model/store/store.h"
#include "test_util.h"
#include "ui/dialogs/job_preview_dialog.h"
#include "ui/dialogs/launch_dialog.h"
#include "widget_test_util.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTemporaryDir>
#include <QtTest>

using tptest::child;
using tptest::saveShot;

namespace
{

QPushButton *okButton(QDialog &d)
{
    return d.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
}

} // namespace

class TestLaunchDialog : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void defaultDialogProducesThePilotSuite();
    void invalidInputDisablesOk_data();
    void invalidInputDisablesOk();
    void customPresetPassesItsMinimums();
    void profileAndTransfers();
    void workloadOptions();
    void ranksForTrainingOnly();
    void targetComboListsTheProfiles();
    void kubernetesJobIsPreviewed();
    void runnerLabelFollowsTheTarget();
    void dialogScreenshot();
};

void TestLaunchDialog::defaultDialogProducesThePilotSuite()
{
    tp::LaunchDialog d;
    QVERIFY(d.isValid());
    QVERIFY(okButton(d)->isEnabled());
    const auto specs = d.specs();
    QCOMPARE(specs.size(), std::size_t(4));
    QStringList labels;
    for (const auto &s : specs) {
        labels << s.label();
        QCOMPARE(s.warmup, 0); // the preset decides
        QCOMPARE(s.iterations, 0);
        QCOMPARE(s.threads, 1);
        QCOMPARE(s.batch, 64);
        QCOMPARE(s.extraArgs,
                 (QStringList{QStringLiteral("--preset"), QStringLiteral("standard")}));
        QVERIFY2(s.runKey.startsWith(QStringLiteral("pilot-")) && s.runKey.endsWith(s.label()),
                 qPrintable(s.runKey));
    }
    QCOMPARE(labels,
             (QStringList{QStringLiteral("mlp/eager/float32"), QStringLiteral("mlp/eager/bfloat16"),
                          QStringLiteral("mlp/compiled/float32"),
                          QStringLiteral("mlp/compiled/bfloat16")}));
    QCOMPARE(d.maxParallel(), 1);
    QCOMPARE(okButton(d)->text(), QStringLiteral("Queue 4 runs"));
    // The shipped catalog is offered (found from build/bin in the staged share/torchpilot).
    const QString staged = tptest::stagedShareFile(
        QStringLiteral("catalogs/default.json"), QStringLiteral("resources/catalogs/default.json"));
    QVERIFY(!staged.isEmpty());
    QCOMPARE(tp::LaunchDialog::defaultCatalogPath(), staged);
}

void TestLaunchDialog::invalidInputDisablesOk_data()
{
    QTest::addColumn<QString>("what");
    QTest::addColumn<QString>("message");
    QTest::newRow("no mode") << QStringLiteral("no mode") << QStringLiteral("mode");
    QTest::newRow("no dtype") << QStringLiteral("no dtype") << QStringLiteral("dtype");
    QTest::newRow("torchscript without a model")
        << QStringLiteral("torchscript") << QStringLiteral("model file");
    QTest::newRow("missing catalog") << QStringLiteral("catalog") << QStringLiteral("catalog");
    QTest::newRow("run key with a space")
        << QStringLiteral("key") << QStringLiteral("run key prefix");
}

void TestLaunchDialog::invalidInputDisablesOk()
{
    QFETCH(QString, what);
    QFETCH(QString, message);
    tp::LaunchDialog d;
    d.show();
    if (what == QLatin1String("no mode")) {
        child<QCheckBox>(d, "modeEager")->setChecked(false);
        child<QCheckBox>(d, "modeCompiled")->setChecked(false);
    } else if (what == QLatin1String("no dtype")) {
        child<QCheckBox>(d, "dtypeFloat32")->setChecked(false);
        child<QCheckBox>(d, "dtypeBfloat16")->setChecked(false);
    } else if (what == QLatin1String("torchscript")) {
        auto *w = child<QComboBox>(d, "workload");
        w->setCurrentIndex(w->findData(QStringLiteral("torchscript")));
    } else if (what == QLatin1String("catalog")) {
        child<QLineEdit>(d, "catalog")->setText(QStringLiteral("/nonexistent/catalog.json"));
    } else {
        child<QLineEdit>(d, "runKeyPrefix")->setText(QStringLiteral("my runs"));
    }
    QVERIFY(!okButton(d)->isEnabled());
    QVERIFY(d.specs().empty());
    auto *errors = child<QLabel>(d, "errors");
    QVERIFY(errors->isVisible());
    QVERIFY2(errors->text().contains(message, Qt::CaseInsensitive), qPrintable(errors->text()));
}

void TestLaunchDialog::customPresetPassesItsMinimums()
{
    tp::LaunchDialog d;
    auto *iterations = child<QSpinBox>(d, "iterations");
    QVERIFY(!iterations->isEnabled());
    auto *preset = child<QComboBox>(d, "preset");
    preset->setCurrentIndex(preset->findData(QStringLiteral("custom")));
    QVERIFY(iterations->isEnabled());
    iterations->setValue(1234);
    child<QSpinBox>(d, "warmup")->setValue(7);
    child<QDoubleSpinBox>(d, "minSeconds")->setValue(1.5);
    child<QSpinBox>(d, "threads")->setValue(1);
    child<QCheckBox>(d, "modeCompiled")->setChecked(false);
    child<QCheckBox>(d, "dtypeBfloat16")->setChecked(false);
    child<QLineEdit>(d, "runKeyPrefix")->clear();
    const auto specs = d.specs();
    QCOMPARE(specs.size(), std::size_t(1));
    QCOMPARE(specs[0].iterations, 1234);
    QCOMPARE(specs[0].warmup, 7);
    QCOMPARE(specs[0].extraArgs,
             (QStringList{QStringLiteral("--min-time"), QStringLiteral("1.5")}));
    QVERIFY(specs[0].runKey.isEmpty()); // the runner's default key
}

// Profile steps, transfers and pinned memory reach the runner's arguments; pinned only with
// transfers.
void TestLaunchDialog::profileAndTransfers()
{
    tp::LaunchDialog d;
    auto *pinned = child<QCheckBox>(d, "pinned");
    QVERIFY(!pinned->isEnabled());
    QVERIFY(!d.specs().at(0).runnerArguments().contains(QStringLiteral("--profile-steps")));
    child<QSpinBox>(d, "profileSteps")->setValue(4);
    child<QCheckBox>(d, "transfers")->setChecked(true);
    QVERIFY(pinned->isEnabled());
    pinned->setChecked(true);
    const QStringList args = d.specs().at(0).runnerArguments();
    QVERIFY2(args.join(QLatin1Char(' ')).contains(QStringLiteral("--profile-steps 4")),
             qPrintable(args.join(QLatin1Char(' '))));
    QVERIFY(args.contains(QStringLiteral("--transfers")));
    QVERIFY(args.contains(QStringLiteral("--pinned")));
    child<QCheckBox>(d, "transfers")->setChecked(false);
    QVERIFY(!d.specs().at(0).runnerArguments().contains(QStringLiteral("--pinned")));
}

void TestLaunchDialog::workloadOptions()
{
    tp::LaunchDialog d;
    auto *workload = child<QComboBox>(d, "workload");
    QVERIFY(!child<QSpinBox>(d, "seqLen")->isEnabled());
    workload->setCurrentIndex(workload->findData(QStringLiteral("encoder")));
    QVERIFY(child<QSpinBox>(d, "seqLen")->isEnabled());
    child<QSpinBox>(d, "seqLen")->setValue(256);
    child<QLineEdit>(d, "catalog")->setText(tp::LaunchDialog::defaultCatalogPath());
    auto args = d.specs().at(0).extraArgs;
    QVERIFY2(args.join(QLatin1Char(' ')).contains(QStringLiteral("--seq-len 256")),
             qPrintable(args.join(QLatin1Char(' '))));
    QVERIFY(args.contains(QStringLiteral("--catalog")));

    auto *warning = child<QLabel>(d, "modelWarning"); // a model file runs its code: said plainly
    QVERIFY(warning->isHidden());
    workload->setCurrentIndex(workload->findData(QStringLiteral("torchscript")));
    QVERIFY(!warning->isHidden());
    QVERIFY(warning->text().contains(QStringLiteral("with your rights")));
    d.show();
    QVERIFY(QTest::qWaitForWindowExposed(&d));
    QTest::qWait(50); // the layout takes the shown warning in
    QVERIFY(!saveShot(d, "launch_dialog_model.png").isEmpty());
    QTemporaryDir dir;
    const QString model = dir.filePath(QStringLiteral("m.pt"));
    QFile(model).open(QIODevice::WriteOnly);
    child<QLineEdit>(d, "model")->setText(model);
    child<QLineEdit>(d, "input")->setText(QStringLiteral("float32[64, 128]"));
    QVERIFY2(d.isValid(), qPrintable(d.validationErrors().join(QLatin1Char('\n'))));
    args = d.specs().at(0).extraArgs;
    QCOMPARE(args.at(args.indexOf(QStringLiteral("--input")) + 1),
             QStringLiteral("float32[64,128]"));
    QCOMPARE(args.at(args.indexOf(QStringLiteral("--model")) + 1), model);
}

// Data-parallel ranks: only a training workload may have them, and every spec carries them.
void TestLaunchDialog::ranksForTrainingOnly()
{
    tp::LaunchDialog d;
    auto *workload = child<QComboBox>(d, "workload");
    auto *ranks = child<QSpinBox>(d, "ranks");
    QVERIFY(!ranks->isEnabled()); // mlp
    QCOMPARE(d.specs().at(0).worldSize, 1);
    workload->setCurrentIndex(workload->findData(QStringLiteral("train-mlp")));
    QVERIFY(ranks->isEnabled());
    ranks->setValue(2);
    QVERIFY2(d.isValid(), qPrintable(d.validationErrors().join(QLatin1Char('\n'))));
    for (const tp::RunSpec &spec : d.specs())
        QCOMPARE(spec.worldSize, 2);
    d.show();
    QVERIFY(QTest::qWaitForWindowExposed(&d));
    QVERIFY(!saveShot(d, "launch_dialog_ranks.png").isEmpty());
    workload->setCurrentIndex(workload->findData(QStringLiteral("mlp"))); // ranks stay 2
    QVERIFY(!d.isValid());
    QVERIFY(d.validationErrors().join(QLatin1Char(' ')).contains(QStringLiteral("training")));
}

void TestLaunchDialog::targetComboListsTheProfiles()
{
    tp::TargetProfile gke;
    gke.name = QStringLiteral("gke");
    gke.kind = tp::TargetProfile::Kind::Kubernetes;
    const tp::TargetProfile box = tp::TargetProfile::ssh(
        QStringLiteral("box"), QStringLiteral("gpu.example"), QStringLiteral("bench"));
    tp::LaunchDialog d({box, gke});
    auto *target = child<QComboBox>(d, "target");
    auto *items = qobject_cast<QStandardItemModel *>(target->model());
    QVERIFY(items);
    QCOMPARE(items->rowCount(), 3);
    QCOMPARE(target->itemData(0).toString(), QStringLiteral("local")); // Local first
    QVERIFY(items->item(0)->isEnabled());
    QCOMPARE(target->itemData(1).toString(), QStringLiteral("box"));
    QVERIFY(items->item(1)->isEnabled());
    QVERIFY(target->itemText(1).contains(QStringLiteral("ssh://bench@gpu.example:22")));
    QVERIFY(items->item(2)->isEnabled()); // Kubernetes: a Job, previewed before submission
    QVERIFY(d.selectTarget(QStringLiteral("gke")));
    QVERIFY(!d.isValid()); // no image set in this profile
    QVERIFY(d.validationErrors().join(QLatin1Char(' ')).contains(QStringLiteral("image")));
    QVERIFY(d.selectTarget(QStringLiteral("box")));
    QCOMPARE(d.request().target.name, QStringLiteral("box"));
    QCOMPARE(d.target().host, QStringLiteral("gpu.example"));
    // A remote model path is read on that host: no local file check for it.
    child<QComboBox>(d, "workload")
        ->setCurrentIndex(child<QComboBox>(d, "workload")->findData(QStringLiteral("torchscript")));
    child<QLineEdit>(d, "model")->setText(QStringLiteral("/remote/only/model.pt"));
    child<QLineEdit>(d, "input")->setText(QStringLiteral("float32[8,16]"));
    QVERIFY2(d.isValid(), qPrintable(d.validationErrors().join(QLatin1Char(' '))));
    QVERIFY(okButton(d)->isEnabled());
    QVERIFY(d.selectTarget(QStringLiteral("local")));
    QVERIFY(!d.isValid());
}

// OK on a Kubernetes target shows the Job first: Cancel keeps the launch dialog open, the YAML
// can be exported, Submit accepts.
void TestLaunchDialog::kubernetesJobIsPreviewed()
{
    tp::TargetProfile gke;
    gke.name = QStringLiteral("gke");
    gke.kind = tp::TargetProfile::Kind::Kubernetes;
    gke.kubernetes = QJsonObject{
        {QStringLiteral("image"), QStringLiteral("registry.example/runner:1")},
        {QStringLiteral("topology"), QStringLiteral("2x2")},
        {QStringLiteral("gcp_service_account"),
         QStringLiteral("tp-runner@my-project.iam.gserviceaccount.com")},
        {QStringLiteral("artifact_destinations"), QJsonArray{QStringLiteral("10.20.0.0/16:443")}}};
    tp::LaunchDialog d({gke});
    QVERIFY(d.selectTarget(QStringLiteral("gke")));
    QVERIFY2(d.isValid(), qPrintable(d.validationErrors().join(QLatin1Char(' '))));
    QTemporaryDir dir;
    const QString yamlPath = dir.filePath(QStringLiteral("job.yaml"));
    QString yaml;
    auto answer = [&](bool submit) {
        QTimer::singleShot(0, [&, submit] {
            auto *preview = qobject_cast<tp::JobPreviewDialog *>(QApplication::activeModalWidget());
            QVERIFY(preview);
            yaml = preview->yaml();
            QVERIFY(preview->exportTo(yamlPath));
            if (!submit)
                QVERIFY(!saveShot(*preview, "job_preview.png").isEmpty());
            submit ? preview->accept() : preview->reject();
        });
    };
    d.show();
    answer(false);
    okButton(d)->click();
    QVERIFY(yaml.contains(QStringLiteral("google.com/tpu: \"4\"")));
    QVERIFY(yaml.contains(QStringLiteral("backoffLimit: 0")));
    // The security baseline is shown with it: the policy, the Role, Workload Identity.
    QVERIFY(yaml.contains(QStringLiteral("kind: \"NetworkPolicy\"")));
    QVERIFY(yaml.contains(QStringLiteral("kind: \"Role\"")));
    QVERIFY(yaml.contains(QStringLiteral(
        "iam.gke.io/gcp-service-account: \"tp-runner@my-project.iam.gserviceaccount.com\"")));
    QCOMPARE(d.result(), int(QDialog::Rejected)); // still open, nothing submitted
    QVERIFY(d.isVisible());
    QFile exported(yamlPath);
    QVERIFY(exported.open(QIODevice::ReadOnly));
    QCOMPARE(QString::fromUtf8(exported.readAll()), yaml);
    answer(true);
    okButton(d)->click();
    QCOMPARE(d.result(), int(QDialog::Accepted));

    // With the database, a second tab: the serving Deployment with the default pilot's probes
    // (declared: Kubernetes' 30 x 10 s startup example), computed on a store worker.
    const QString db = dir.filePath(QStringLiteral("evidence.sqlite"));
    {
        tp::Store store(db.toStdString());
    }
    tp::JobPreviewDialog preview({}, QStringLiteral("gke"), nullptr, db);
    QSignalSpy computed(&preview, &tp::JobPreviewDialog::deploymentComputed);
    QVERIFY(computed.wait(20000));
    const QString deployment = preview.deploymentYaml();
    QVERIFY2(deployment.contains(QStringLiteral("kind: \"Deployment\"")) &&
                 deployment.contains(QStringLiteral("startupProbe:")) &&
                 deployment.contains(QStringLiteral("failureThreshold: 30")) &&
                 deployment.contains(QStringLiteral("path: \"/v2/health/ready\"")),
             qPrintable(deployment));
    preview.showDeploymentTab();
    preview.show();
    QVERIFY(!saveShot(preview, "job_preview_serving.png").isEmpty());
}

// The "Where" group says which runner the chosen target starts, and follows the combo.
void TestLaunchDialog::runnerLabelFollowsTheTarget()
{
    tp::TargetProfile tpu =
        tp::TargetProfile::ssh(QStringLiteral("tpu-vm"), QStringLiteral("tpu.example"));
    tpu.device = QStringLiteral("tpu");
    tp::TargetProfile gke;
    gke.name = QStringLiteral("gke");
    gke.kind = tp::TargetProfile::Kind::Kubernetes;
    gke.kubernetes =
        QJsonObject{{QStringLiteral("image"), QStringLiteral("registry.example/runner:1")}};
    tp::LaunchDialog d({tpu, gke});
    d.show();
    QVERIFY(QTest::qWaitForWindowExposed(&d));
    auto *label = child<QLabel>(d, "runnerLabel");
    QVERIFY(label->isVisible());
    QVERIFY2(label->text().startsWith(QStringLiteral("Runner: C++ (")),
             qPrintable(label->text())); // local
    QCOMPARE(label->text(), tp::TargetProfile::local().runnerSummary());
    QVERIFY(d.selectTarget(QStringLiteral("tpu-vm")));
    QCOMPARE(
        label->text(),
        QStringLiteral(
            "Runner: Python (python3 /opt/torchpilot/python/torchpilot_runner.py), device tpu"));
    QVERIFY(d.selectTarget(QStringLiteral("gke")));
    QCOMPARE(label->text(),
             QStringLiteral("Runner: Python (python3 /app/torchpilot_runner.py), device tpu"));
    QCOMPARE(label->toolTip(), label->text());
    // A long path does not widen the dialog: the label gives way, the tooltip keeps it whole.
    const int width = d.sizeHint().width();
    QVERIFY(d.selectTarget(QStringLiteral("local")));
    QCOMPARE(d.sizeHint().width(), width);
    QVERIFY(!saveShot(d, "launch_dialog_runner.png").isEmpty());
}

void TestLaunchDialog::dialogScreenshot()
{
    tp::LaunchDialog d;
    d.show();
    QVERIFY(QTest::qWaitForWindowExposed(&d));
    const QSize hint = d.sizeHint();
    // The dialog is not smaller than its contents.
    QCOMPARE_GE(d.width(), d.minimumSizeHint().width());
    QCOMPARE_GE(d.height(), d.minimumSizeHint().height());
    // What it shows: the default pilot suite, ready to queue.
    QVERIFY2(d.isValid(), qPrintable(d.validationErrors().join(QLatin1Char('\n'))));
    QVERIFY(okButton(d)->isEnabled());
    QCOMPARE(okButton(d)->text(), QStringLiteral("Queue 4 runs"));
    QVERIFY(!saveShot(d, "launch_dialog.png").isEmpty());
    // Inline messages: no mode, and a run key prefix with a space.
    child<QCheckBox>(d, "modeEager")->setChecked(false);
    child<QCheckBox>(d, "modeCompiled")->setChecked(false);
    child<QLineEdit>(d, "runKeyPrefix")->setText(QStringLiteral("my runs"));
    d.adjustSize();
    // Both messages are shown inline, and nothing can be queued.
    QVERIFY(!okButton(d)->isEnabled());
    auto *errors = child<QLabel>(d, "errors");
    QVERIFY(!errors->isHidden());
    QVERIFY2(errors->text().contains(QStringLiteral("Choose at least one mode.")),
             qPrintable(errors->text()));
    QVERIFY2(errors->text().contains(QStringLiteral("The run key prefix may use")),
             qPrintable(errors->text()));
    QVERIFY(!saveShot(d, "launch_dialog_invalid.png").isEmpty());
    qInfo("dialog %dx%d (hint %dx%d)", d.width(), d.height(), hint.width(), hint.height());
}

QTEST_MAIN(TestLaunchDialog)
#include "tst_launch_dialog.moc"
