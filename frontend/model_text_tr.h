#pragma once
// Model sentences (model/contract/model_text.h) in the user's language: the template a sentence was
// made from is translated through tr() (context "tp::ModelText") and filled with the same
// arguments; an argument that is itself a model sentence is translated too, and a plain number
// takes the locale's decimal separator. A sentence made from no template (a user's text) stays as
// it is; "a; b" is translated part by part when it does not match as a whole.
#include <QLocale>
#include <QString>
#include <QStringList>

#include <string>

namespace tp
{

QString trModelText(const std::string &sentence, const QLocale &locale = QLocale());

// Stored sentences as a JSON array (a run's validity reasons), each through trModelText; text
// that is not such an array comes back as it is, one item.
QStringList trModelTexts(const std::string &jsonArray, const QLocale &locale = QLocale());

} // namespace tp
