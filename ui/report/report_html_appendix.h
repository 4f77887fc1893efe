#pragma once
// The closing sections of the report (report_html_appendix.cpp): cost, environment and the
// appendix listing every run, with the runner summaries that disagree with the store.
#include "report_data.h"
#include "report_format.h"

#include <QLocale>
#include <QString>

#include <functional>

namespace tp::report
{

Html costHtml(const ReportData &d, const QLocale &locale);
Html environmentHtml(const ReportData &d, const QLocale &locale);
// The appendix's run key column (percent of the text width) and its font size.
inline constexpr int kAppendixKeyPercent = 26;
inline constexpr double kAppendixFontPoints = 7.5;
// `fitKey` shortens a run key to one line of its column (the renderer measures it); one-line
// rows keep the longest table free of rows broken over two pages.
Html appendixHtml(const ReportData &d, const QLocale &locale,
                  const std::function<QString(const QString &)> &fitKey = {});
// The runner summaries that disagree with the store's figures (part of the appendix).
Html witnessHtml(const ReportData &d);

} // namespace tp::report
