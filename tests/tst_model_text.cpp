// Model sentences as catalog templates (model/contract/model_text.h, model/contract/model_texts.h)
// and their translation (frontend/model_text_tr.h): the catalog is well formed (unique, non-empty
// templates, none made of arguments only, placeholders %1…%n without gaps); every template, filled
// with distinct sample arguments or with numbers, is read back by matchModelText as that same
// template with the same arguments, so no earlier template swallows a later one; parts joined with
// "; " never match as a whole and each part matches on its own; a user's text and an empty string
// match nothing; fillText never re-expands an argument's own "%2" and leaves a placeholder
// without an argument; textNumber writes "%g" style; the reasons the validity check and the
// precision verdict write come from the catalog, in the English they always had. trModelText
// keeps an English sentence as it is in English, writes a decimal number with the locale's
// separator (each "; " part on its own, a user's text untouched) and, when the shipped pt_BR
// translation is linked in (:/i18n/torchpilot_pt_BR.qm, tp_i18n), says a sentence in Portuguese
// with its arguments, a nested sentence translated too.
#include "frontend/model_text_tr.h"
#include "model/contract/model_text.h"
#include "model/contract/model_texts.h"
#include "model/contract/precision.h"
#include "model/contract/validity.h"

#include <QCoreApplication>
#include <QLocale>
#include <QRegularExpression>
#include <QSet>
#include <QTranslator>
#include <QtTest>

#include <set>

namespace txt = tp::txt;

namespace
{
// The numbers of the placeholders a template uses, ascending ({1, 2} for "%2 of %1").
std::set<int> placeholders(const std::string &templ)
{
    std::set<int> out;
    for (std::size_t i = 0; i + 1 < templ.size(); ++i)
        if (templ[i] == '%' && templ[i + 1] >= '1' && templ[i + 1] <= '9')
            out.insert(templ[i + 1] - '0');
    return out;
}

std::vector<std::string> sampleArgs(std::size_t n, bool numbers)
{
    static const char *const names[] = {"A1", "B2", "C3", "D4", "E5", "F6", "G7", "H8", "I9"};
    static const char *const values[] = {"3", "0.25", "12", "1e+06", "7", "0.5", "42", "9", "1"};
    std::vector<std::string> out;
    for (std::size_t i = 0; i < n; ++i)
        out.emplace_back(numbers ? values[i] : names[i]);
    return out;
}
} // namespace

class TestModelText : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void catalogIsWellFormed();
    void roundTrip_data();
    void roundTrip();
    void joinedPartsMatchOneByOne();
    void otherTextMatchesNothing();
    void fillTextEdges();
    void textNumberFormat();
    void modelReasonsComeFromTheCatalog();
    void englishStaysAsItIs();
    void decimalSeparatorFollowsTheLocale();
    void portuguese();
};

void TestModelText::catalogIsWellFormed()
{
    const auto &catalog = tp::modelTextCatalog();
    QCOMPARE_GT(catalog.size(), std::size_t(100));
    QSet<QString> seen;
    for (const char *t : catalog) {
        const std::string templ(t);
        QVERIFY2(!templ.empty(), "an empty template");
        QVERIFY2(!seen.contains(QString::fromStdString(templ)), t); // unique texts
        seen.insert(QString::fromStdString(templ));
        // Not made of arguments only ("%1", "%1 %2"): it would swallow other sentences.
        const QString literal = QString::fromStdString(templ).remove(
            QRegularExpression(QStringLiteral("%[1-9]|[\\s;:,.]")));
        QVERIFY2(!literal.isEmpty(), t);
        // %1…%n without a gap, so every argument has a place in a translation too.
        const std::set<int> used = placeholders(templ);
        int expected = 1;
        for (int n : used)
            QVERIFY2(n == expected++, t);
        // A template never holds "; ": that is where a joined sentence is cut into parts.
        QVERIFY2(templ.find("; ") == std::string::npos, t);
    }
}

void TestModelText::roundTrip_data()
{
    QTest::addColumn<int>("index");
    const auto &catalog = tp::modelTextCatalog();
    for (std::size_t i = 0; i < catalog.size(); ++i)
        QTest::newRow(catalog[i]) << int(i);
}

void TestModelText::roundTrip()
{
    QFETCH(int, index);
    const char *templ = tp::modelTextCatalog()[std::size_t(index)];
    const std::size_t n = placeholders(templ).size();
    for (bool numbers : {false, true}) {
        std::vector<std::string> args = sampleArgs(n, numbers);
        if (tp::leadsWithCount(templ))
            args.at(0) = "17"; // a count: a name there is no such sentence (below)
        const std::string sentence = tp::fillText(std::string(templ), args);
        const auto m = tp::matchModelText(sentence);
        QVERIFY2(m, sentence.c_str());
        // The first template that matches is this one: no earlier one swallows it.
        QVERIFY2(
            std::string(m->templ) == templ,
            qPrintable(QStringLiteral("\"%1\" read back as \"%2\"")
                           .arg(QString::fromStdString(sentence), QString::fromUtf8(m->templ))));
        QCOMPARE(m->args, args);
    }
}

void TestModelText::joinedPartsMatchOneByOne()
{
    const std::string a = tp::fillText(txt::CriterionMisses, {"compiled", "2", "10"});
    const std::string b = tp::fillText(txt::CriterionMisses, {"eager", "1", "10"});
    QVERIFY(!tp::matchModelText(a + "; " + b)); // an argument never holds "; "
    QCOMPARE(tp::matchModelText(a)->args, (std::vector<std::string>{"compiled", "2", "10"}));
    QCOMPARE(tp::matchModelText(b)->args, (std::vector<std::string>{"eager", "1", "10"}));
    // A panel note: a literal head, then one part per count.
    const std::string note = std::string(txt::PanelCompleted) + "; " +
                             tp::fillText(txt::CountIncompleteOrRunning, {"2"});
    QVERIFY(!tp::matchModelText(note));
    QCOMPARE(std::string(tp::matchModelText("2 incomplete or running")->templ),
             std::string(txt::CountIncompleteOrRunning));
    // "not counted: 3 not ok": the lead holds a count sentence of its own.
    const auto lead = tp::matchModelText(
        tp::fillText(txt::PanelNotCounted, {tp::fillText(txt::CountNotOk, {"3"})}));
    QVERIFY(lead);
    QCOMPARE(std::string(lead->templ), std::string(txt::PanelNotCounted));
    QCOMPARE(std::string(tp::matchModelText(lead->args.at(0))->templ),
             std::string(txt::CountNotOk));
    // The longer count is not taken for the shorter one.
    QCOMPARE(std::string(tp::matchModelText("1 precision failed")->templ),
             std::string(txt::CountPrecisionFailed));
    QCOMPARE(std::string(tp::matchModelText("none failed, timed out or non-finite")->templ),
             std::string(txt::PanelNoErrors));
}

void TestModelText::otherTextMatchesNothing()
{
    QVERIFY(!tp::matchModelText("my own rollback plan"));
    QVERIFY(!tp::matchModelText(""));
    QVERIFY(!tp::matchModelText("TPU v5e pod (candidate, bfloat16)"));
    // A side label that ends like a count sentence is not one: a count is a number.
    QVERIFY(!tp::matchModelText("v5e not ok"));
    QVERIFY(!tp::matchModelText("the old path failed"));
    QVERIFY(!tp::matchModelText("bf16 invalid"));
    QVERIFY(tp::leadsWithCount(txt::CountFailed));
    QVERIFY(!tp::leadsWithCount(txt::CriterionMisses)); // "compiled misses 2 of 10 shapes"
    // A user's text inside a model sentence is an argument, kept as it was written.
    const auto m =
        tp::matchModelText(tp::fillText(txt::CriterionRollback, {"my own rollback plan"}));
    QVERIFY(m);
    QCOMPARE(std::string(m->templ), std::string(txt::CriterionRollback));
    QCOMPARE(m->args, (std::vector<std::string>{"my own rollback plan"}));
}

void TestModelText::fillTextEdges()
{
    // An argument's own "%2" is not expanded again.
    QCOMPARE(tp::fillText("%1 and %2", {"x%2y", "z"}), std::string("x%2y and z"));
    // A placeholder without an argument stays as it is.
    QCOMPARE(tp::fillText("%1 %2 %3", {"a", "b"}), std::string("a b %3"));
    QCOMPARE(tp::fillText("%1 of %2", {}), std::string("%1 of %2"));
    // A percent sign that is no placeholder stays, as do unused arguments.
    QCOMPARE(tp::fillText("%1% of %0 100%", {"5", "unused"}), std::string("5% of %0 100%"));
    QCOMPARE(tp::fillText("%2 before %1", {"one", "two"}), std::string("two before one"));
}

void TestModelText::textNumberFormat()
{
    QCOMPARE(tp::textNumber(0.0012), std::string("0.0012"));
    QCOMPARE(tp::textNumber(1.5e6), std::string("1.5e+06"));
    QCOMPARE(tp::textNumber(2.0), std::string("2"));
    QCOMPARE(tp::textNumber(1.23456, 3), std::string("1.23"));
}

void TestModelText::modelReasonsComeFromTheCatalog()
{
    tp::ValidityInput in;
    in.finite = false;
    in.warmupSettled = false;
    in.steady.n = 4;
    in.steady.median = 1.0;
    in.steady.iqr = 0.5;
    in.steadySeconds = 0.25;
    const tp::Validity v = tp::assessValidity(in, {10, 1.0, 0.1});
    QCOMPARE(v.reasons,
             (std::vector<std::string>{
                 "non-finite output", "too short: 4 steady iterations, at least 10 needed",
                 "too short: steady state lasted 0.25 s, at least 1 s required",
                 "too noisy: IQR/median = 0.500, must be below 0.10",
                 "steady state never reached: warmup hit its cap before times settled"}));
    tp::Comparison c;
    c.sizesMatch = false;
    c.finite = false;
    c.mismatchPercent = 50;
    c.cosine = 0.9;
    const tp::PrecisionVerdict p = tp::judgeOutputs(c, {0.016, 1e-5, 5.0, 0.999});
    QCOMPARE(p.reasons, (std::vector<std::string>{"output sizes differ from the reference",
                                                  "non-finite values in the output",
                                                  "50% of elements outside atol 1e-05 + rtol 0.016 "
                                                  "(allowed 5%)",
                                                  "cosine similarity 0.900000 below 0.999000"}));
    for (const auto *reasons : {&v.reasons, &p.reasons})
        for (const std::string &r : *reasons)
            QVERIFY2(tp::matchModelText(r), r.c_str());
}

void TestModelText::englishStaysAsItIs()
{
    // A run's stored reasons: a JSON array, one sentence each; other text comes back whole.
    QCOMPARE(tp::trModelTexts(R"(["non-finite output", "my note"])"),
             (QStringList{QStringLiteral("non-finite output"), QStringLiteral("my note")}));
    QCOMPARE(tp::trModelTexts("not json"), QStringList{QStringLiteral("not json")});
    QVERIFY(tp::trModelTexts("").isEmpty());
    const QLocale english(QLocale::English, QLocale::UnitedStates);
    for (const char *templ : tp::modelTextCatalog()) {
        const std::string sentence =
            tp::fillText(std::string(templ), sampleArgs(placeholders(templ).size(), false));
        QCOMPARE(tp::trModelText(sentence, english), QString::fromStdString(sentence));
    }
    const std::string joined = tp::fillText(txt::CriterionThroughput, {"w1", "1.5"}) + "; " +
                               tp::fillText(txt::CriterionThroughputRequired, {"w2", "0.75", "1"});
    QCOMPARE(tp::trModelText(joined, english), QString::fromStdString(joined));
    QCOMPARE(tp::trModelText("my own rollback plan", english),
             QStringLiteral("my own rollback plan"));
    QCOMPARE(tp::trModelText("", english), QString());
}

void TestModelText::decimalSeparatorFollowsTheLocale()
{
    const QLocale brazil(QLocale::Portuguese, QLocale::Brazil);
    const QString p99 =
        tp::trModelText(tp::fillText(txt::CriterionP99Within, {"0.25", "3"}), brazil);
    QVERIFY2(p99.contains(QStringLiteral("0,25")) && !p99.contains(QStringLiteral("0.25")),
             qPrintable(p99));
    // Each "; " part on its own.
    const QString ratios =
        tp::trModelText(tp::fillText(txt::CriterionThroughput, {"w1", "1.5"}) + "; " +
                            tp::fillText(txt::CriterionThroughputRequired, {"w2", "0.75", "1"}),
                        brazil);
    QVERIFY2(ratios.contains(QStringLiteral("1,5×")) && ratios.contains(QStringLiteral("0,75×")),
             qPrintable(ratios));
    // A user's text keeps its dots, inside a model sentence too.
    QCOMPARE(tp::trModelText("plan 0.5", brazil), QStringLiteral("plan 0.5"));
    QVERIFY(tp::trModelText(tp::fillText(txt::CriterionRollback, {"redeploy v1.2"}), brazil)
                .endsWith(QStringLiteral("redeploy v1.2")));
}

void TestModelText::portuguese()
{
    QTranslator translator;
    if (!translator.load(QStringLiteral(":/i18n/torchpilot_pt_BR.qm")))
        QSKIP("the pt_BR translation is not linked into this test (tp_i18n)");
    QCoreApplication::installTranslator(&translator);
    const QLocale brazil(QLocale::Portuguese, QLocale::Brazil);
    QCOMPARE(tp::trModelText(txt::DefaultBaselineLabel, brazil),
             QStringLiteral("local eager float32 (atual)"));
    // The shape is a sentence of its own, translated inside the other.
    const std::string shape =
        tp::fillText(txt::BreakEvenShapeSeq, {"bert", "8", "128", "compiled"});
    QCOMPARE(tp::trModelText(tp::fillText(txt::BreakEvenWorst, {"3", shape}), brazil),
             QStringLiteral("custo de compilação compensado após no máximo 3 chamadas "
                            "(bert lote 8 seq 128, compiled)"));
    QCoreApplication::removeTranslator(&translator);
}

QTEST_GUILESS_MAIN(TestModelText)
#include "tst_model_text.moc"
