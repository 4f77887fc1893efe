#pragma once
// std::string (UTF-8, as the model and the contract hold text) to QString, for the headless
// commands and, through tp::fmt::fromStd, the GUI. QtCore only.
#include <QString>

#include <string>

namespace tp
{

inline QString fromStd(const std::string &s)
{
    return QString::fromStdString(s);
}

} // namespace tp
