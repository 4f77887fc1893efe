#pragma once
// Small factories for form widgets: each named (objectName, which tests and screenshots find it
// by) and set up in one expression, so a dialog's layout code reads as its layout.
#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QList>
#include <QSpinBox>
#include <QString>
#include <QWidget>

#include <initializer_list>
#include <utility>

namespace tp::form
{

template <class W> W *named(W *w, const char *name)
{
    w->setObjectName(QLatin1String(name));
    return w;
}

template <class W> W *named(W *w, const QString &name)
{
    w->setObjectName(name);
    return w;
}

template <class Spin = QSpinBox, class V = int>
Spin *spin(const char *name, V min, V max, V value, const QString &suffix = {})
{
    auto *s = named(new Spin, name);
    s->setRange(min, max);
    s->setValue(value);
    s->setSuffix(suffix);
    return s;
}

// Items as (text, data) pairs.
inline QComboBox *combo(const char *name, const QList<std::pair<QString, const char *>> &items)
{
    auto *c = named(new QComboBox, name);
    for (const auto &[text, value] : items)
        c->addItem(text, QLatin1String(value));
    return c;
}

inline QCheckBox *checked(const QString &text, const char *name, bool on = true)
{
    auto *box = named(new QCheckBox(text), name);
    box->setChecked(on);
    return box;
}

// The widgets side by side; the one at stretchIndex takes the room left (none: a stretch does).
inline QWidget *row(std::initializer_list<QWidget *> widgets, int stretchIndex = -1)
{
    auto *w = new QWidget;
    auto *l = new QHBoxLayout(w);
    l->setContentsMargins(0, 0, 0, 0);
    int i = 0;
    for (QWidget *child : widgets)
        l->addWidget(child, i++ == stretchIndex ? 1 : 0);
    if (stretchIndex < 0)
        l->addStretch(1);
    return w;
}

} // namespace tp::form
