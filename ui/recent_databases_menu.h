#pragma once
// File ▸ Open Recent: the recent databases from Settings, most recent first, numbered for the
// keyboard. A file that no longer exists is shown disabled. The list is rebuilt every time the
// menu is about to show, so it never goes stale, and "Clear Menu" empties it.
#include <QMenu>

namespace tp
{

class Settings;

class RecentDatabasesMenu : public QMenu
{
    Q_OBJECT
public:
    explicit RecentDatabasesMenu(Settings *settings, QWidget *parent = nullptr);

    // Re-reads the list (also done on aboutToShow); an empty list shows one disabled entry.
    void rebuild();

Q_SIGNALS:
    // The user picked this database (absolute path). The owner opens it and, on success, calls
    // Settings::noteDatabaseOpened().
    void databaseRequested(const QString &path);

private:
    Settings *m_settings = nullptr;
};

} // namespace tp
