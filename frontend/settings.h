#pragma once
// The one place TorchPilot's preferences live: QSettings behind typed getters and setters, so no
// key string or default value is repeated anywhere else. The default constructor uses the user's
// native store (~/.config/TorchPilot/torchpilot.conf on Linux); tests and portable setups pass
// an INI file. Several Settings objects on the same file see each other's writes.
#include <QByteArray>
#include <QString>
#include <QStringList>

#include <memory>

class QSettings;

namespace tp
{

class Settings
{
public:
    static constexpr int kMaxRecentDatabases = 8;
    static constexpr int kMaxParallelRunsLimit = 16;

    enum class LatencyChartKind { Histogram, Cdf };

    Settings();
    explicit Settings(const QString &iniFile);
    ~Settings();
    Settings(const Settings &) = delete;
    Settings &operator=(const Settings &) = delete;

    // Recently opened databases, most recent first, absolute paths, no duplicates, at most
    // kMaxRecentDatabases (older ones drop off).
    QStringList recentDatabases() const;
    void addRecentDatabase(const QString &path);
    void removeRecentDatabase(const QString &path);
    void clearRecentDatabases();

    // The database opened last (to reopen on start); empty when none.
    QString lastDatabase() const;
    void setLastDatabase(const QString &path);
    // Both of the above: a database was just opened.
    void noteDatabaseOpened(const QString &path);

    // QWidget::saveGeometry() / QMainWindow::saveState() / QSplitter::saveState() blobs.
    QByteArray windowGeometry() const;
    void setWindowGeometry(const QByteArray &geometry);
    QByteArray windowState() const;
    void setWindowState(const QByteArray &state);
    QByteArray splitterState(const QString &name) const;
    void setSplitterState(const QString &name, const QByteArray &state);

    // How the charts page draws the latency distribution.
    LatencyChartKind latencyChartKind() const;
    void setLatencyChartKind(LatencyChartKind kind);

    // UI language as a locale name ("pt_BR"); empty follows the system.
    QString language() const;
    void setLanguage(const QString &locale);

    // How many runs the launch queue starts at once: 1 … kMaxParallelRunsLimit, default 1 (runs
    // on one machine disturb each other's timings).
    int maxParallelRuns() const;
    void setMaxParallelRuns(int runs);

    // The reviewer name used last to sign off a gate or record a decision; empty when none.
    QString lastReviewer() const;
    void setLastReviewer(const QString &name);

    void sync();
    QString fileName() const;

private:
    std::unique_ptr<QSettings> m_settings;
};

} // namespace tp
