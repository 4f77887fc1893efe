// The pt_BR PDF report carries no English sentence. The English phrases to look for come from
// the shipped translation itself: every source string whose translation differs, cut at its
// placeholders and markup into pieces of three words or more that its translation does not
// contain. The report of a database with passing, failing and invalid runs, a reviewer's inputs
// and sign-offs is written with --lang pt_BR and read back with pdftotext; none of those pieces may
// appear. The same check on the English report finds many of them, so it can fail.
#include "model/ingest/ingestor.h"
#include "model/review/review.h"
#include "model/store/store.h"
#include "review_fixture.h"
#include "test_util.h"

#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

class TestReportPt : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void phraseListIsReal();
    void portugueseReportHasNoEnglishPhrase();

private:
    static QString collapse(QString s)
    {
        return s.replace(QRegularExpression(QStringLiteral("\\s+")), QStringLiteral(" "));
    }
    QString pdfText(const QString &lang)
    {
        const QString pdf = m_dir.filePath(lang + QStringLiteral(".pdf"));
        QProcess app;
        auto env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("DISPLAY"));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir.filePath(QStringLiteral("xdg")));
        app.setProcessEnvironment(env);
        app.start(QStringLiteral(TP_APP_PATH),
                  {QStringLiteral("report"), QStringLiteral("--db"), m_db, QStringLiteral("--out"),
                   pdf, QStringLiteral("--lang"), lang});
        if (!app.waitForFinished(120000) || app.exitCode() != 0)
            return {};
        QProcess text;
        text.start(QStringLiteral("pdftotext"), {pdf, QStringLiteral("-")});
        if (!text.waitForFinished(60000))
            return {};
        return collapse(QString::fromUtf8(text.readAllStandardOutput()));
    }
    // Pieces of English from the .ts (see the file comment).
    static QStringList englishPhrases(QString *error);
    static QStringList found(const QString &text, const QStringList &phrases)
    {
        QStringList hits;
        for (const QString &p : phrases)
            if (text.contains(p))
                hits << p;
        return hits;
    }

    QTemporaryDir m_dir;
    QString m_db;
    QStringList m_phrases;
};

QStringList TestReportPt::englishPhrases(QString *error)
{
    QFile f(QStringLiteral(TP_SOURCE_DIR "/resources/translations/torchpilot_pt_BR.ts"));
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read the .ts");
        return {};
    }
    static const QRegularExpression markup(QStringLiteral("<[^>]*>|%n|%L?\\d|&[a-z]+;|\\n"));
    static const QRegularExpression word(QStringLiteral("[A-Za-z]{2,}"));
    QStringList out;
    QXmlStreamReader xml(&f);
    QString source, translation, type;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            const auto name = xml.name();
            if (name == QLatin1String("message")) {
                source.clear(), translation.clear(), type.clear();
            } else if (name == QLatin1String("source")) {
                source = xml.readElementText();
            } else if (name == QLatin1String("translation")) {
                type = xml.attributes().value(QLatin1String("type")).toString();
                translation = xml.readElementText(QXmlStreamReader::IncludeChildElements);
            }
        } else if (xml.isEndElement() && xml.name() == QLatin1String("message")) {
            translation = collapse(translation);
            if (type == QLatin1String("vanished") || type == QLatin1String("obsolete") ||
                translation.isEmpty() || translation == collapse(source))
                continue;
            for (QString piece : source.split(markup)) {
                piece = collapse(piece).trimmed();
                while (piece.endsWith(QLatin1Char('.')) || piece.endsWith(QLatin1Char(':')) ||
                       piece.endsWith(QLatin1Char(',')))
                    piece.chop(1);
                if (piece.size() >= 14 && piece.count(QLatin1Char(' ')) >= 2 &&
                    word.globalMatch(piece).hasNext() && !translation.contains(piece))
                    out << piece;
            }
        }
    }
    if (xml.hasError())
        *error = xml.errorString();
    out.removeDuplicates();
    return out;
}

void TestReportPt::initTestCase()
{
    if (QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty())
        QSKIP("poppler-utils (pdftotext) is not installed");
    QString error;
    m_phrases = englishPhrases(&error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    m_db = m_dir.filePath(QStringLiteral("pt.sqlite"));
    tp::Store store(m_db.toStdString());
    tptest::importFiles(
        store, {QStringLiteral("panels_realistic.jsonl"), QStringLiteral("panels_fixture.jsonl"),
                QStringLiteral("charts_fixture.jsonl"), QStringLiteral("review_pilot.jsonl"),
                QStringLiteral("truncated_run.jsonl")});
    tptest::recordReview(store, tptest::presetInputs("reverter o tráfego para o pool de GPUs"),
                         "Ana", "shapes conferidos", "Carla", "semana 1 do piloto");
    tp::importFile(store, tptest::dataFile("smoke_compiled.json").toStdString());
}

void TestReportPt::phraseListIsReal()
{
    QVERIFY2(m_phrases.size() > 300, qPrintable(QString::number(m_phrases.size())));
    // The English report is full of them: the check below can fail.
    const QString en = pdfText(QStringLiteral("en"));
    QVERIFY(!en.isEmpty());
    const QStringList hits = found(en, m_phrases);
    QVERIFY2(hits.size() > 30, qPrintable(hits.join(QStringLiteral(" | "))));
}

void TestReportPt::portugueseReportHasNoEnglishPhrase()
{
    const QString pt = pdfText(QStringLiteral("pt_BR"));
    QVERIFY(pt.contains(QStringLiteral("Relatório de decisão")));
    const QStringList hits = found(pt, m_phrases);
    QVERIFY2(hits.isEmpty(), qPrintable(QStringLiteral("%1 English phrase(s) in the pt_BR PDF: %2")
                                            .arg(hits.size())
                                            .arg(hits.mid(0, 30).join(QStringLiteral(" | ")))));
}

QTEST_MAIN(TestReportPt)
#include "tst_report_pt.moc"
