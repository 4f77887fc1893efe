#include "format.h"

#include "model/contract/contract.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QHash>
#include <QLocale>
#include <QPainter>
#include <QPixmap>
#include <QTextDocument>

#include <cmath>

namespace tp::fmt
{

namespace
{
// Translation context for the free functions below (lupdate understands Fmt::tr).
struct Fmt {
    Q_DECLARE_TR_FUNCTIONS(Fmt)
};

int decimalsFor3(double v)
{
    const double a = std::fabs(v);
    if (a == 0.0 || !std::isfinite(a))
        return 0;
    const int magnitude = static_cast<int>(std::floor(std::log10(a)));
    return std::max(0, 2 - magnitude);
}
} // namespace

QString missing()
{
    return QStringLiteral("—");
}

TimeUnit unitFor(double seconds)
{
    const double a = std::fabs(seconds);
    // Thresholds sit just below 1000 of the smaller unit so a rounded "1000 µs" becomes "1.00 ms".
    if (a >= 0.9995)
        return {1.0, Fmt::tr("s")};
    if (a >= 0.9995e-3)
        return {1e3, Fmt::tr("ms")};
    if (a >= 0.9995e-6 || a == 0.0)
        return {1e6, Fmt::tr("µs")};
    return {1e9, Fmt::tr("ns")};
}

QString number3(double value)
{
    // Three significant digits; beyond what fixed notation shows in a few characters (a
    // denormal would take 326 decimals, 1e308 as many digits), in scientific notation.
    const double a = std::fabs(value);
    if (a != 0.0 && std::isfinite(a) && (a < 1e-3 || a >= 1e15))
        return QLocale().toString(value, 'g', 3);
    return QLocale().toString(value, 'f', decimalsFor3(value));
}

QVariant sortValue(const std::optional<double> &v)
{
    return v ? QVariant(*v) : QVariant(-1.0);
}

QString duration(std::optional<double> seconds)
{
    if (!seconds || !std::isfinite(*seconds))
        return missing();
    const TimeUnit u = unitFor(*seconds);
    return Fmt::tr("%1 %2").arg(number3(*seconds * u.perSecond), u.suffix);
}

QString throughput(std::optional<double> perSecond)
{
    if (!perSecond || !std::isfinite(*perSecond))
        return missing();
    if (std::fabs(*perSecond) >= 100.0 && std::fabs(*perSecond) < 1e15) // llround stays exact
        return QLocale().toString(static_cast<qlonglong>(std::llround(*perSecond)));
    return number3(*perSecond);
}

qint64 timestampMsecs(const std::string &iso)
{
    const QDateTime t = QDateTime::fromString(fromStd(iso), Qt::ISODateWithMs);
    return t.isValid() ? t.toMSecsSinceEpoch() : 0;
}

QString plainToolTip(const QString &text)
{
    return Qt::mightBeRichText(text) ? Qt::convertFromPlainText(text, Qt::WhiteSpaceNormal) : text;
}

QString timestamp(const std::string &iso)
{
    if (iso.empty())
        return missing();
    const QDateTime t = QDateTime::fromString(fromStd(iso), Qt::ISODateWithMs);
    if (!t.isValid())
        return fromStd(iso);
    return t.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
}

QString statusLabel(const std::string &s)
{
    if (s == status::Ok)
        return Fmt::tr("ok");
    if (s == status::Failed)
        return Fmt::tr("failed");
    if (s == status::Timeout)
        return Fmt::tr("timeout");
    if (s == status::Cancelled)
        return Fmt::tr("cancelled");
    if (s == status::Running)
        return Fmt::tr("running");
    if (s == status::Incomplete)
        return Fmt::tr("incomplete");
    return s.empty() ? missing() : fromStd(s);
}

QColor statusColor(const std::string &s)
{
    if (s == status::Ok)
        return QColor(0x2e, 0x7d, 0x32);
    if (s == status::Failed || s == status::Timeout)
        return QColor(0xc6, 0x28, 0x28);
    if (s == status::Incomplete || s == status::Cancelled)
        return QColor(0xb2, 0x6a, 0x00);
    if (s == status::Running)
        return QColor(0x15, 0x65, 0xc0);
    return QColor(0x75, 0x75, 0x75);
}

QIcon statusIcon(const std::string &s)
{
    return dotIcon(statusColor(s));
}

QIcon dotIcon(const QColor &c)
{
    static QHash<QRgb, QIcon> cache;
    auto it = cache.find(c.rgb());
    if (it != cache.end())
        return *it;
    QPixmap pm(12, 12);
    pm.fill(Qt::transparent);
    {
        QPainter p(&pm);
        p.setRenderHint(QPainter::Antialiasing);
        p.setPen(Qt::NoPen);
        p.setBrush(c);
        p.drawEllipse(QRectF(1.5, 1.5, 9, 9));
    }
    return *cache.insert(c.rgb(), QIcon(pm));
}

} // namespace tp::fmt
