#include "model_text_tr.h"

#include <QCoreApplication>

namespace tp
{

namespace
{

// "1.5" or "-0.25" (digits, one point, digits): a value the model wrote as a decimal number.
bool isDecimal(const std::string &s)
{
    std::size_t i = s.size() > 1 && s[0] == '-' ? 1 : 0;
    std::size_t digitsBefore = 0, digitsAfter = 0;
    for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i)
        ++digitsBefore;
    if (i == s.size() || s[i] != '.')
        return false;
    for (++i; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i)
        ++digitsAfter;
    return i == s.size() && digitsBefore > 0 && digitsAfter > 0;
}

QString value(const std::string &arg, const QLocale &locale)
{
    QString out = QString::fromStdString(arg);
    if (locale.decimalPoint() != QLatin1String(".") && isDecimal(arg))
        out.replace(QLatin1Char('.'), locale.decimalPoint());
    return out;
}

} // namespace

QString trModelText(const Message &message, const QLocale &locale)
{
    if (!message.parts().empty()) {
        QStringList parts;
        for (const Message &p : message.parts())
            parts << trModelText(p, locale);
        return parts.join(QStringLiteral("; "));
    }
    if (message.isVerbatim())
        return QString::fromStdString(message.english());
    const QString templ =
        QCoreApplication::translate("tp::ModelText", messageTemplate(message.id()));
    const std::vector<MessageArg> &args = message.args();
    // One pass over the translated template: arguments are never re-scanned.
    QString filled;
    filled.reserve(templ.size() + 16);
    for (qsizetype i = 0; i < templ.size(); ++i) {
        const QChar c = templ[i];
        if (c == QLatin1Char('%') && i + 1 < templ.size() && templ[i + 1] >= QLatin1Char('1') &&
            templ[i + 1] <= QLatin1Char('9')) {
            const auto n = static_cast<std::size_t>(templ[i + 1].unicode() - '1');
            if (n < args.size()) {
                filled += args[n].isMessage() ? trModelText(args[n].message(), locale)
                                              : value(args[n].text(), locale);
                ++i;
                continue;
            }
        }
        filled += c;
    }
    return filled;
}

QStringList trModelTexts(const std::vector<Message> &messages, const QLocale &locale)
{
    QStringList out;
    for (const Message &m : messages)
        out << trModelText(m, locale);
    return out;
}

} // namespace tp
