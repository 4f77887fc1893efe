#pragma once
// Human-readable formatting of the figures the UI shows: durations with three significant
// digits in ns/µs/ms/s, throughputs with thousands grouping, timestamps in local time.
// Missing values render as an em dash.
#include "frontend/qt_text.h"

#include <QColor>
#include <QIcon>
#include <QString>
#include <QVariant>

#include <optional>
#include <string>

namespace tp::fmt
{

// A table cell's sort value: the number, or -1 when missing, so a missing value sorts below
// every measured one (times and rates are never negative) and a descending sort lists the
// measured first.
QVariant sortValue(const std::optional<double> &v);

// The placeholder for a value that was not measured.
QString missing();

// A unit to display a family of durations in, chosen from their magnitude.
struct TimeUnit {
    double perSecond = 1.0; // multiply seconds by this
    QString suffix;         // "ns", "µs", "ms", "s"
};
TimeUnit unitFor(double seconds);

// 3 significant digits, e.g. "80.0 µs", "3.02 ms", "1.25 s".
QString duration(std::optional<double> seconds);
// A value already scaled to `unit`, 3 significant digits, without the suffix.
QString number3(double value);
// Samples per second: grouped integer above 100, 3 significant digits below.
QString throughput(std::optional<double> perSecond);
// ISO-8601 UTC timestamp shown in local time ("2026-12-02 14:00:00"), or the text as is.
QString timestamp(const std::string &iso);
qint64 timestampMsecs(const std::string &iso);

// std::string to QString (one implementation with the headless code's, in frontend/).
using tp::fromStd;

// Text for a tooltip, shown as it is. Qt takes a tooltip (like a QLabel in Qt::AutoText) for rich
// text when its first line holds a tag or "&lt;" (Qt::mightBeRichText): a run key, a path or a
// comment could then load an image or hide what follows. Such text comes back as HTML that reads
// the same; any other text comes back unchanged.
QString plainToolTip(const QString &text);

// Status presentation: translated label, colour and a small dot icon.
QString statusLabel(const std::string &status);
QColor statusColor(const std::string &status);
QIcon statusIcon(const std::string &status);
// A 12 px filled circle of `color` (cached per colour): status, severity and verdict markers.
QIcon dotIcon(const QColor &color);

} // namespace tp::fmt
