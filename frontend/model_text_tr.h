#pragma once
// Model messages (model/contract/model_text.h) in the user's language: the identifier's English
// template is translated through tr() (context "tp::ModelText") and filled with the message's
// arguments; an argument that is itself a message is rendered the same way, and a value written
// as a decimal number takes the locale's decimal separator. A verbatim message (a user's label, a
// runner's own words) is shown as it is; a joined one part by part, with "; " between.
#include "model/contract/model_text.h"

#include <QLocale>
#include <QString>
#include <QStringList>

#include <vector>

namespace tp
{

QString trModelText(const Message &message, const QLocale &locale = QLocale());

// Each message through trModelText (a run's validity reasons).
QStringList trModelTexts(const std::vector<Message> &messages, const QLocale &locale = QLocale());

} // namespace tp
