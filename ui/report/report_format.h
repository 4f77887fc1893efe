#pragma once
// Small text helpers of the PDF report: the Html type every section writes its markup with (data
// reaches it only escaped), run id lists as ranges, dates in UTC with the report's locale, and the
// translated names of verdicts, decisions, gates and criteria.
#include "model/review/gates.h"

#include <QCoreApplication>
#include <QFont>
#include <QLocale>
#include <QString>
#include <QStringList>

#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace tp::report
{

struct ReportText {
    Q_DECLARE_TR_FUNCTIONS(ReportText)
};

// Resolution of the PDF and of the document layout; `px(n)` is n CSS pixels (1/96 inch) in it.
// (HTML lengths need no conversion: the text layout scales them to its paint device itself.)
inline constexpr int kDpi = 288;
inline constexpr double px(double cssPixels)
{
    return cssPixels * kDpi / 96.0;
}

// A font that never forms ligatures: "float32" must stay f-l-o-a-t in the PDF's text, so it
// can be searched and copied (Qt 6.4 has no font-feature API; any letter spacing turns ligatures
// off).
QFont noLigatures(QFont font);

// A fragment of the report's HTML. Only the report's own markup becomes Html as it is (markup():
// string literals and tr() templates); text becomes Html escaped (esc()), and arg() escapes every
// text argument it fills in. So a run key, a name, a comment or a currency always prints as its
// literal characters: never an <img> that loads a local file, never a "<!--" that swallows the
// sections after it. Sections, table cells and headers take Html, not QString: a QString from
// data cannot reach the document without going through esc() or arg().
// The most characters of one piece of text the report prints (threat model I6): a name or an
// error of a megabyte would otherwise make one table cell hundreds of pages tall. Longer text is
// cut, between characters, and says how long it was.
inline constexpr int kMaxReportText = 600;
inline QString cappedText(const QString &text)
{
    if (text.size() <= kMaxReportText)
        return text;
    int end = kMaxReportText;
    if (text.at(end - 1).isHighSurrogate())
        --end; // never half of a character
    return text.left(end) + QStringLiteral("… (%1 characters)").arg(text.size());
}

class Html
{
public:
    Html() = default;

    const QString &toString() const { return m_html; }
    bool isEmpty() const { return m_html.isEmpty(); }

    // %1, %2, … replaced in one pass (a %2 inside an argument is never replaced): an Html argument
    // as it is, text (QString, std::string) escaped, an integer as its decimal digits.
    template <typename... Args> Html arg(const Args &...args) const
    {
        return Html(m_html.arg(piece(args)...));
    }

    Html &operator+=(const Html &other)
    {
        m_html += other.m_html;
        return *this;
    }
    friend Html operator+(Html a, const Html &b) { return a += b; }

private:
    explicit Html(QString html) : m_html(std::move(html)) {}
    friend Html markup(QString html);

    static QString piece(const Html &h) { return h.m_html; }
    static QString piece(const QString &text) { return cappedText(text).toHtmlEscaped(); }
    static QString piece(const std::string &text)
    {
        return cappedText(QString::fromStdString(text)).toHtmlEscaped();
    }
    template <typename T, std::enable_if_t<std::is_integral_v<T>, int> = 0>
    static QString piece(T number)
    {
        return QString::number(number);
    }

    QString m_html;
};

// The report's own markup, as it is: a literal or a translated template, never data.
inline Html markup(QString html)
{
    return Html(std::move(html));
}
// Text (data, or a translation without markup) as Html: "<", ">", "&" and quotes escaped.
inline Html esc(const QString &text)
{
    return markup(cappedText(text).toHtmlEscaped());
}
inline Html esc(const std::string &text)
{
    return esc(QString::fromStdString(text));
}
// Html fragments joined with `separator` between them.
Html join(const std::vector<Html> &parts, const Html &separator);

// "3–7, 9, 12" (three or more consecutive ids collapse into a range); "—" when empty. Past
// `maxParts` ranges the rest is counted, not listed ("… and 180 more runs (see the appendix)"):
// a cell of hundreds of ids helps nobody, and the appendix lists every run with its role.
inline constexpr int kMaxListedRanges = 16;
QString idRanges(std::vector<long long> ids, int maxParts = kMaxListedRanges);
// A stored ISO-8601 UTC time in the locale's date and time format, always in UTC ("… UTC").
QString dateTime(const std::string &iso, const QLocale &locale);
// The date alone, in the locale's long format ("December 2, 2026").
QString date(const std::string &iso, const QLocale &locale);
// A number with `decimals` decimals in the locale; "—" when missing.
QString number(std::optional<double> v, int decimals, const QLocale &locale);
// An amount of money: 2 decimals above 1, 3 significant digits below ("0.000412 USD"). Text: the
// currency is data.
QString money(std::optional<double> v, const std::string &currency, const QLocale &locale);

QString verdictLabel(Verdict v);
QString verdictColor(Verdict v); // "#2e7d32" pass, "#c62828" fail, "#ef6c00" insufficient
QString decisionLabel(Decision d);
QString decisionExplanation(Decision d);
QString decisionColor(Decision d);
QString gateName(const std::string &id);
QString criterionName(const std::string &id);
// A coloured, bold verdict for a table cell.
Html verdictHtml(Verdict v);
// Hours as hours from 0.1 h up, else as a duration ("1.25 s").
QString hours(double h, const QLocale &locale);

// An HTML table over the full text width whose header row repeats on every page it spans. Cells
// are Html; a header given as text is escaped. `background` is one of the report's colours.
class HtmlTable
{
public:
    struct Column {
        Column(const QString &headerText, int widthPercent, bool right = false)
            : header(esc(headerText)), widthPercent(widthPercent), right(right)
        {
        }
        Column(Html header, int widthPercent, bool right = false)
            : header(std::move(header)), widthPercent(widthPercent), right(right)
        {
        }
        Html header;
        int widthPercent;
        bool right = false; // numbers: right-aligned
    };
    explicit HtmlTable(std::vector<Column> columns) : m_columns(std::move(columns)) {}
    // Cells in `points` instead of the style sheet's 8 pt (long tables).
    void setFontSize(double points);
    void row(const std::vector<Html> &cells, const QString &background = {});
    // One cell spanning every column.
    void spanRow(const Html &cell, const QString &background = {});
    Html html() const;

private:
    std::vector<Column> m_columns;
    Html m_rows;
    QString m_cellStyle; // attribute added to every th and td
};

} // namespace tp::report
