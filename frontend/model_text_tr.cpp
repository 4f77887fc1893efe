#include "model_text_tr.h"

#include "model/contract/model_text.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QStringList>

namespace tp
{

namespace
{

QString localNumber(const QString &arg, const QLocale &locale)
{
    static const QRegularExpression number(QStringLiteral("^-?\\d+\\.\\d+$"));
    if (locale.decimalPoint() == QLatin1String(".") || !number.match(arg).hasMatch())
        return arg;
    QString out = arg;
    return out.replace(QLatin1Char('.'), locale.decimalPoint());
}

std::optional<QString> translated(const std::string &sentence, const QLocale &locale, int depth)
{
    const std::optional<TextMatch> m = matchModelText(sentence);
    if (!m)
        return std::nullopt;
    QString out = QCoreApplication::translate("tp::ModelText", m->templ);
    // One pass over the translated template, as fillText does: arguments are never re-scanned.
    QString filled;
    filled.reserve(out.size() + 16);
    for (qsizetype i = 0; i < out.size(); ++i) {
        const QChar c = out[i];
        if (c == QLatin1Char('%') && i + 1 < out.size() && out[i + 1] >= QLatin1Char('1') &&
            out[i + 1] <= QLatin1Char('9')) {
            const auto n = static_cast<std::size_t>(out[i + 1].unicode() - '1');
            if (n < m->args.size()) {
                const std::string &arg = m->args[n];
                const std::optional<QString> nested =
                    depth < 3 ? translated(arg, locale, depth + 1) : std::nullopt;
                filled += nested ? *nested : localNumber(QString::fromStdString(arg), locale);
                ++i;
                continue;
            }
        }
        filled += c;
    }
    return filled;
}

} // namespace

QString trModelText(const std::string &sentence, const QLocale &locale)
{
    if (sentence.empty())
        return {};
    if (std::optional<QString> whole = translated(sentence, locale, 0))
        return *whole;
    QString text = QString::fromStdString(sentence);
    if (!text.contains(QLatin1String("; ")))
        return text;
    QStringList parts;
    for (const QString &part : text.split(QStringLiteral("; ")))
        parts << translated(part.toStdString(), locale, 0).value_or(part);
    return parts.join(QStringLiteral("; "));
}

QStringList trModelTexts(const std::string &jsonArray, const QLocale &locale)
{
    if (jsonArray.empty())
        return {};
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(jsonArray));
    if (!doc.isArray())
        return {QString::fromStdString(jsonArray)};
    QStringList out;
    for (const auto &v : doc.array())
        out << trModelText(v.toString().toStdString(), locale);
    return out;
}

} // namespace tp
