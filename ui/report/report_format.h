#pragma once
// Small text helpers of the PDF report: HTML escaping, run id lists as ranges, dates in UTC with
// the report's locale, and the translated names of verdicts, decisions, gates and criteria.
#include "gates.h"

#include <QCoreApplication>
#include <QFont>
#include <QLocale>
#include <QString>
#include <QStringList>

#include <optional>
#include <string>
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

QString esc(const QString &s);
QString esc(const std::string &s);
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
// An amount of money: 2 decimals above 1, 3 significant digits below ("0.000412 USD").
QString money(std::optional<double> v, const std::string &currency, const QLocale &locale);

QString verdictLabel(Verdict v);
QString verdictColor(Verdict v); // "#2e7d32" pass, "#c62828" fail, "#ef6c00" insufficient
QString decisionLabel(Decision d);
QString decisionExplanation(Decision d);
QString decisionColor(Decision d);
QString gateName(const std::string &id);
QString criterionName(const std::string &id);
// A coloured, bold verdict for a table cell.
QString verdictHtml(Verdict v);
// Hours as hours from 0.1 h up, else as a duration ("1.25 s").
QString hours(double h, const QLocale &locale);

// An HTML table over the full text width whose header row repeats on every page it spans.
class HtmlTable
{
public:
    struct Column {
        QString header;
        int widthPercent;
        bool right = false; // numbers: right-aligned
    };
    explicit HtmlTable(std::vector<Column> columns) : m_columns(std::move(columns)) {}
    // Cells in `points` instead of the style sheet's 8 pt (long tables).
    void setFontSize(double points);
    void row(const QStringList &cells, const QString &background = {});
    // One cell spanning every column.
    void spanRow(const QString &html, const QString &background = {});
    QString html() const;

private:
    std::vector<Column> m_columns;
    QString m_rows;
    QString m_cellStyle; // attribute added to every th and td
};

} // namespace tp::report
