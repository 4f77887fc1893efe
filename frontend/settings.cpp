#include "settings.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

#include <algorithm>

namespace tp
{

namespace
{
// Every key of the settings file, in one place.
constexpr QLatin1String kRecentDatabases("databases/recent");
constexpr QLatin1String kLastDatabase("databases/last");
constexpr QLatin1String kWindowGeometry("window/geometry");
constexpr QLatin1String kWindowState("window/state");
constexpr QLatin1String kSplitterPrefix("window/splitter/");
constexpr QLatin1String kLatencyChart("charts/latency");
constexpr QLatin1String kLanguage("ui/language");
constexpr QLatin1String kMaxParallelRuns("launch/maxParallelRuns");
constexpr QLatin1String kLastReviewer("review/lastReviewer");

QString normalized(const QString &path)
{
    return path.isEmpty() ? QString() : QDir::cleanPath(QFileInfo(path).absoluteFilePath());
}
} // namespace

Settings::Settings()
    : m_settings(std::make_unique<QSettings>(QSettings::NativeFormat, QSettings::UserScope,
                                             QStringLiteral("TorchPilot"),
                                             QStringLiteral("torchpilot")))
{
}

Settings::Settings(const QString &iniFile)
    : m_settings(std::make_unique<QSettings>(iniFile, QSettings::IniFormat))
{
}

Settings::~Settings() = default;

QStringList Settings::recentDatabases() const
{
    QStringList list = m_settings->value(kRecentDatabases).toStringList();
    list.removeAll(QString());
    list.removeDuplicates();
    while (list.size() > kMaxRecentDatabases)
        list.removeLast();
    return list;
}

void Settings::addRecentDatabase(const QString &path)
{
    const QString p = normalized(path);
    if (p.isEmpty())
        return;
    QStringList list = recentDatabases();
    list.removeAll(p);
    list.prepend(p);
    while (list.size() > kMaxRecentDatabases)
        list.removeLast();
    m_settings->setValue(kRecentDatabases, list);
}

void Settings::removeRecentDatabase(const QString &path)
{
    QStringList list = recentDatabases();
    list.removeAll(normalized(path));
    m_settings->setValue(kRecentDatabases, list);
}

void Settings::clearRecentDatabases()
{
    m_settings->remove(kRecentDatabases);
}

QString Settings::lastDatabase() const
{
    return m_settings->value(kLastDatabase).toString();
}

void Settings::setLastDatabase(const QString &path)
{
    m_settings->setValue(kLastDatabase, normalized(path));
}

void Settings::noteDatabaseOpened(const QString &path)
{
    addRecentDatabase(path);
    setLastDatabase(path);
}

QByteArray Settings::windowGeometry() const
{
    return m_settings->value(kWindowGeometry).toByteArray();
}

void Settings::setWindowGeometry(const QByteArray &geometry)
{
    m_settings->setValue(kWindowGeometry, geometry);
}

QByteArray Settings::windowState() const
{
    return m_settings->value(kWindowState).toByteArray();
}

void Settings::setWindowState(const QByteArray &state)
{
    m_settings->setValue(kWindowState, state);
}

QByteArray Settings::splitterState(const QString &name) const
{
    return m_settings->value(QString(kSplitterPrefix) + name).toByteArray();
}

void Settings::setSplitterState(const QString &name, const QByteArray &state)
{
    m_settings->setValue(QString(kSplitterPrefix) + name, state);
}

Settings::LatencyChartKind Settings::latencyChartKind() const
{
    return m_settings->value(kLatencyChart).toString() == QStringLiteral("cdf")
               ? LatencyChartKind::Cdf
               : LatencyChartKind::Histogram;
}

void Settings::setLatencyChartKind(LatencyChartKind kind)
{
    m_settings->setValue(kLatencyChart, kind == LatencyChartKind::Cdf
                                            ? QStringLiteral("cdf")
                                            : QStringLiteral("histogram"));
}

QString Settings::language() const
{
    return m_settings->value(kLanguage).toString();
}

void Settings::setLanguage(const QString &locale)
{
    m_settings->setValue(kLanguage, locale);
}

int Settings::maxParallelRuns() const
{
    bool ok = false;
    const int n = m_settings->value(kMaxParallelRuns, 1).toInt(&ok);
    return ok ? std::clamp(n, 1, kMaxParallelRunsLimit) : 1;
}

void Settings::setMaxParallelRuns(int runs)
{
    m_settings->setValue(kMaxParallelRuns, std::clamp(runs, 1, kMaxParallelRunsLimit));
}

QString Settings::lastReviewer() const
{
    return m_settings->value(kLastReviewer).toString().trimmed();
}

void Settings::setLastReviewer(const QString &name)
{
    m_settings->setValue(kLastReviewer, name.trimmed());
}

void Settings::sync()
{
    m_settings->sync();
}

QString Settings::fileName() const
{
    return m_settings->fileName();
}

} // namespace tp
