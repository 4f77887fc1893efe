#pragma once
// POSIX shell quoting, in one place. SSH always hands the remote command to the remote user's
// login shell, so every argument that reaches it goes through shellQuote(): the value inside
// single quotes, each ' written as '\'' (close, escaped quote, reopen). Inside single quotes a
// POSIX shell interprets nothing — not $, `, \, ;, |, &, spaces or newlines.
#include <QString>
#include <QStringList>

namespace tp
{

// Always quoted: "a b" -> 'a b', "it's" -> 'it'\''s', "" -> ''.
QString shellQuote(const QString &arg);

// For logs: a command line a person can paste into a shell; quotes only the words that need it.
QString shellQuoteCommand(const QStringList &argv);

} // namespace tp
