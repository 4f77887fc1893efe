// Model messages (model/contract/model_text.h, model/contract/model_texts.h) and their rendering
// (frontend/model_text_tr.h): the catalog is well formed (unique names and non-empty templates,
// placeholders %1…%n without gaps, no "; " inside one); a message's English is its template
// filled with its arguments, in one pass (an argument's own "%2" stays); joined messages read
// "a; b" and render part by part; the stored form reads back as the same message for every
// catalog entry, nested and joined ones too, and any other JSON (generated: random shapes, depths,
// unknown names) reads back as nothing, never a crash; the reasons the validity check and the
// precision verdict give are catalog messages, in the English they always had; rendering keeps
// English as it is, writes a decimal argument with the locale's separator (a user's verbatim text
// untouched) and, with the shipped pt_BR translation linked in (:/i18n/torchpilot_pt_BR.qm,
// tp_i18n), says every catalog message in Portuguese — none comes back in English, so a message
// added without its translation fails here — with nested messages translated too.
#include "frontend/model_text_tr.h"
#include "model/contract/model_text.h"
#include "model/contract/model_texts.h"
#include "model/contract/precision.h"
#include "model/contract/validity.h"

#include <QCoreApplication>
#include <QLocale>
#include <QSet>
#include <QTranslator>
#include <QtTest>

#include <random>
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
    void englishIsTheFilledTemplate();
    void joinedMessages();
    void storedFormRoundTrips_data();
    void storedFormRoundTrips();
    void hostileStoredFormsReadAsNothing();
    void textNumberFormat();
    void modelReasonsComeFromTheCatalog();
    void englishStaysAsItIs();
    void decimalSeparatorFollowsTheLocale();
    void everyMessageIsTranslated();
    void portuguese();
};

namespace
{
tp::Message sample(tp::MessageId id, bool numbers)
{
    std::vector<tp::MessageArg> args;
    for (const std::string &a : sampleArgs(placeholders(tp::messageTemplate(id)).size(), numbers))
        args.emplace_back(a);
    return tp::Message(id, std::move(args));
}
} // namespace

void TestModelText::catalogIsWellFormed()
{
    const auto &catalog = tp::messageCatalog();
    QCOMPARE_GT(catalog.size(), std::size_t(100));
    QSet<QString> names, texts;
    for (tp::MessageId id : catalog) {
        const std::string templ(tp::messageTemplate(id));
        const QString name = QString::fromUtf8(tp::messageName(id));
        QVERIFY2(!templ.empty(), qPrintable(name));
        QVERIFY2(!names.contains(name), qPrintable(name));
        QVERIFY2(!texts.contains(QString::fromStdString(templ)), qPrintable(name));
        names.insert(name);
        texts.insert(QString::fromStdString(templ));
        QCOMPARE(tp::messageIdNamed(tp::messageName(id)), std::optional<tp::MessageId>(id));
        // %1…%n without a gap, so every argument has a place in a translation too.
        int expected = 1;
        for (int n : placeholders(templ))
            QVERIFY2(n == expected++, qPrintable(name));
        // A template never holds "; ": that is how joined messages read.
        QVERIFY2(templ.find("; ") == std::string::npos, qPrintable(name));
    }
    QVERIFY(!tp::messageIdNamed("Verbatim"));
    QVERIFY(!tp::messageIdNamed("NoSuchMessage"));
}

void TestModelText::englishIsTheFilledTemplate()
{
    QCOMPARE(tp::Message(txt::CriterionMisses, {"compiled", "2", "10"}).english(),
             std::string("compiled misses 2 of 10 shapes"));
    // An argument's own "%2" is not expanded again; a placeholder without one stays.
    QCOMPARE(tp::fillTemplate("%1 and %2", {"x%2y", "z"}), std::string("x%2y and z"));
    QCOMPARE(tp::fillTemplate("%1 %2 %3", {"a", "b"}), std::string("a b %3"));
    QCOMPARE(tp::fillTemplate("%1% of %0 100%", {"5", "unused"}), std::string("5% of %0 100%"));
    QCOMPARE(tp::fillTemplate("%2 before %1", {"one", "two"}), std::string("two before one"));
    // A message inside a message: its English in the English.
    const tp::Message shape(txt::BreakEvenShape, {"mlp", "8", "compiled"});
    const tp::Message worst(txt::BreakEvenWorst, {"3", shape});
    QCOMPARE(worst.english(),
             std::string("compile cost paid back after at most 3 calls (mlp batch 8, compiled)"));
    QVERIFY(worst.args()[1].isMessage());
    QCOMPARE(worst.args()[1].message(), shape);
    // A verbatim message is its text, whatever it looks like.
    QCOMPARE(tp::Message::verbatim("%1 failed").english(), std::string("%1 failed"));
    QVERIFY(tp::Message::verbatim("x").isVerbatim());
    QVERIFY(tp::Message().empty());
}

void TestModelText::joinedMessages()
{
    const tp::Message a(txt::CriterionMisses, {"compiled", "2", "10"});
    const tp::Message b(txt::CriterionMisses, {"eager", "1", "10"});
    const tp::Message both = tp::joinParts({a, tp::Message(), b});
    QCOMPARE(both.english(), a.english() + "; " + b.english());
    QCOMPARE(both.parts().size(), std::size_t(2)); // the empty one left out
    QCOMPARE(tp::joinParts({a}), a);               // one part is that part
    QVERIFY(tp::joinParts({}).empty());
    // Joined with a joined message: one flat list, the same English, and it round-trips.
    const tp::Message nested = tp::joinParts({both, tp::Message(txt::CountFailed, {"2"})});
    QCOMPARE(nested.parts().size(), std::size_t(3));
    QCOMPARE(nested.english(), both.english() + "; 2 failed");
    QCOMPARE(tp::messageFromJson(tp::toJson(nested)), std::optional<tp::Message>(nested));
}

void TestModelText::storedFormRoundTrips_data()
{
    QTest::addColumn<int>("index");
    const auto &catalog = tp::messageCatalog();
    for (std::size_t i = 0; i < catalog.size(); ++i)
        QTest::newRow(tp::messageName(catalog[i])) << int(i);
}

void TestModelText::storedFormRoundTrips()
{
    QFETCH(int, index);
    const tp::MessageId id = tp::messageCatalog()[std::size_t(index)];
    for (bool numbers : {false, true}) {
        const tp::Message m = sample(id, numbers);
        const auto back = tp::messageFromJson(tp::toJson(m));
        QVERIFY2(back, m.english().c_str());
        QCOMPARE(*back, m);
        // Inside another message and joined with a verbatim one, through the text form too.
        const tp::Message outer =
            tp::joinParts({tp::Message(txt::PanelNotCounted, {m}), tp::Message::verbatim("x")});
        const auto list = tp::messagesFromJson(tp::messagesJson({outer, m}));
        QVERIFY(list);
        QCOMPARE(*list, (std::vector<tp::Message>{outer, m}));
    }
}

void TestModelText::hostileStoredFormsReadAsNothing()
{
    using nlohmann::json;
    // Named cases: a wrong shape, an unknown name, too many arguments, too deep.
    for (const char *text :
         {R"({"id":"NoSuch","args":[]})", R"({"id":"CountFailed"})", R"({"id":3,"args":[]})",
          R"({"id":"CountFailed","args":[1]})", R"({"id":"CountFailed","args":[],"x":1})",
          R"({"id":"CountFailed","args":["1","2","3","4","5","6","7","8","9","10"]})", "[[1]]",
          "null", "true", "12"})
        QVERIFY2(!tp::messageFromJson(json::parse(text)), text);
    json deep = "x";
    for (int i = 0; i < 40; ++i)
        deep = json{{"id", "PanelNotCounted"}, {"args", json::array({deep})}};
    QVERIFY(!tp::messageFromJson(deep));
    QVERIFY(!tp::messagesFromJson(deep.dump()));
    QVERIFY(!tp::messagesFromJson(std::string(100000, '[')));
    QVERIFY(!tp::messagesFromJson("not json"));
    QVERIFY(!tp::messagesFromJson(""));
    // Generated: random JSON of random shapes and names, real and not. Each reads back as a
    // message whose stored form is itself, or as nothing; never a crash.
    std::mt19937 rng(20261207);
    const auto &catalog = tp::messageCatalog();
    std::function<json(int)> random = [&](int depth) -> json {
        switch (rng() % (depth > 3 ? 3 : 7)) { // depth 4 at most: small trees, many of them
        case 0:
            return std::string(rng() % 4, char('a' + rng() % 26));
        case 1:
            return double(rng() % 1000) / 7.0;
        case 2:
            return nullptr;
        case 3: {
            json a = json::array();
            for (unsigned i = rng() % 4; i > 0; --i)
                a.push_back(random(depth + 1));
            return a;
        }
        default: {
            json args = json::array();
            for (unsigned i = rng() % (depth == 0 ? 11 : 4); i > 0; --i) // > 9 refused
                args.push_back(random(depth + 1));
            json o = {{"id", rng() % 5 ? json(tp::messageName(catalog[rng() % catalog.size()]))
                                       : json("Bogus")},
                      {"args", args}};
            if (rng() % 8 == 0)
                o["extra"] = 1;
            return o;
        }
        }
    };
    int read = 0;
    for (int i = 0; i < 20000; ++i) {
        const json j = random(0);
        if (const auto m = tp::messageFromJson(j)) {
            ++read;
            QCOMPARE(tp::messageFromJson(tp::toJson(*m)), m);
        }
    }
    QVERIFY2(read > 1000 && read < 19000, qPrintable(QString::number(read)));
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
    QCOMPARE(tp::englishOf(v.reasons),
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
    QCOMPARE(tp::englishOf(p.reasons),
             (std::vector<std::string>{"output sizes differ from the reference",
                                       "non-finite values in the output",
                                       "50% of elements outside atol 1e-05 + rtol 0.016 "
                                       "(allowed 5%)",
                                       "cosine similarity 0.900000 below 0.999000"}));
    for (const auto *reasons : {&v.reasons, &p.reasons})
        for (const tp::Message &r : *reasons)
            QVERIFY2(!r.isVerbatim(), r.english().c_str());
    // The JSON a runner writes keeps the English.
    QCOMPARE(v.toJson()["reasons"][0].get<std::string>(), std::string("non-finite output"));
}

void TestModelText::englishStaysAsItIs()
{
    const QLocale english(QLocale::English, QLocale::UnitedStates);
    for (tp::MessageId id : tp::messageCatalog()) {
        const tp::Message m = sample(id, false);
        QCOMPARE(tp::trModelText(m, english), QString::fromStdString(m.english()));
    }
    const tp::Message joined =
        tp::joinParts({tp::Message(txt::CriterionThroughput, {"w1", "1.5"}),
                       tp::Message(txt::CriterionThroughputRequired, {"w2", "0.75", "1"})});
    QCOMPARE(tp::trModelText(joined, english), QString::fromStdString(joined.english()));
    QCOMPARE(tp::trModelText(tp::Message::verbatim("my own rollback plan"), english),
             QStringLiteral("my own rollback plan"));
    QCOMPARE(tp::trModelText(tp::Message(), english), QString());
    // A stored list of English reasons (validity_reasons) reads as verbatim messages.
    const std::vector<tp::Message> stored = tp::verbatimMessages(R"(["non-finite output", "x"])");
    QCOMPARE(tp::trModelTexts(stored, english),
             (QStringList{QStringLiteral("non-finite output"), QStringLiteral("x")}));
    QCOMPARE(tp::verbatimMessages("not json").size(), std::size_t(1));
    QVERIFY(tp::verbatimMessages("[]").empty());
}

void TestModelText::decimalSeparatorFollowsTheLocale()
{
    const QLocale brazil(QLocale::Portuguese, QLocale::Brazil);
    const QString p99 =
        tp::trModelText(tp::Message(txt::CriterionP99Within, {"0.25", "3"}), brazil);
    QVERIFY2(p99.contains(QStringLiteral("0,25")) && !p99.contains(QStringLiteral("0.25")),
             qPrintable(p99));
    const QString ratios = tp::trModelText(
        tp::joinParts({tp::Message(txt::CriterionThroughput, {"w1", "1.5"}),
                       tp::Message(txt::CriterionThroughputRequired, {"w2", "0.75", "1"})}),
        brazil);
    QVERIFY2(ratios.contains(QStringLiteral("1,5×")) && ratios.contains(QStringLiteral("0,75×")),
             qPrintable(ratios));
    // A user's text keeps its dots, on its own and inside a model message.
    QCOMPARE(tp::trModelText(tp::Message::verbatim("0.5"), brazil), QStringLiteral("0.5"));
    QVERIFY(tp::trModelText(tp::Message(txt::CriterionRollback, {"redeploy v1.2"}), brazil)
                .endsWith(QStringLiteral("redeploy v1.2")));
}

void TestModelText::everyMessageIsTranslated()
{
    QTranslator translator;
    if (!translator.load(QStringLiteral(":/i18n/torchpilot_pt_BR.qm")))
        QSKIP("the pt_BR translation is not linked into this test (tp_i18n)");
    QStringList missing;
    for (tp::MessageId id : tp::messageCatalog()) {
        const QString pt = translator.translate("tp::ModelText", tp::messageTemplate(id));
        if (pt.isEmpty())
            missing << QString::fromUtf8(tp::messageName(id));
        else // the same arguments, each once at least
            for (int n : placeholders(tp::messageTemplate(id)))
                QVERIFY2(
                    pt.contains(QLatin1Char('%') + QString::number(n)),
                    qPrintable(QString::fromUtf8(tp::messageName(id)) + QLatin1String(": ") + pt));
    }
    QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("no pt_BR translation: ") +
                                           missing.join(QLatin1String(", "))));
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
    // The shape is a message of its own, translated inside the other.
    const tp::Message shape(txt::BreakEvenShapeSeq, {"bert", "8", "128", "compiled"});
    QCOMPARE(tp::trModelText(tp::Message(txt::BreakEvenWorst, {"3", shape}), brazil),
             QStringLiteral("custo de compilação compensado após no máximo 3 chamadas "
                            "(bert lote 8 seq 128, compiled)"));
    // Every catalog message reads in Portuguese, not in English.
    for (tp::MessageId id : tp::messageCatalog()) {
        const tp::Message m = sample(id, true);
        const QString pt = tp::trModelText(m, brazil);
        if (QString::fromStdString(m.english()) == pt)
            QVERIFY2(id == txt::DefaultBaselineLabel || pt.contains(QLatin1String("float32")),
                     qPrintable(QString::fromUtf8(tp::messageName(id)) +
                                QLatin1String(" stays English: ") + pt));
    }
    QCoreApplication::removeTranslator(&translator);
}

QTEST_GUILESS_MAIN(TestModelText)
#include "tst_model_text.moc"
