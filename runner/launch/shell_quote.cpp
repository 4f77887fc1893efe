#include "shell_quote.h"

#include <QRegularExpression>

namespace tp
{

QString shellQuote(const QString &arg)
{
    QString quoted = arg;
    quoted.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}

QString shellQuoteCommand(const QStringList &argv)
{
    static const QRegularExpression plain(QStringLiteral(R"(^[A-Za-z0-9_./:=@%+,-]+$)"));
    QStringList words;
    for (const QString &arg : argv)
        words << (plain.match(arg).hasMatch() ? arg : shellQuote(arg));
    return words.join(QLatin1Char(' '));
}

} // namespace tp
