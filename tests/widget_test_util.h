#pragma once
// Helpers for the widget tests: a named child that must exist, and a screenshot saved under
// screenshots/ of the test's working directory (the build's tests/ folder).
#include <QDir>
#include <QString>
#include <QWidget>

namespace tptest
{

template <class W> W *child(QWidget &parent, const char *name)
{
    W *w = parent.findChild<W *>(QLatin1String(name));
    if (!w)
        qFatal("no child widget %s", name);
    return w;
}

inline QString saveShot(QWidget &w, const char *name)
{
    QDir().mkpath(QStringLiteral("screenshots"));
    QString path =
        QDir::current().absoluteFilePath(QStringLiteral("screenshots/") + QLatin1String(name));
    if (!w.grab().save(path, "PNG"))
        return {};
    qInfo("screenshot: %s", qPrintable(path));
    return path;
}

} // namespace tptest
