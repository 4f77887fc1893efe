#include "rank_group_text.h"

#include "cli_commands.h"
#include "model/store/dist_run_rows.h"

#include <QCoreApplication>
#include <QLocale>
#include <QStringList>
#include <QTextStream>

namespace tp::cli
{
namespace
{

struct RankGroupText {
    Q_DECLARE_TR_FUNCTIONS(RankGroupText)
};

QString rate(const std::optional<double> &v)
{
    return v ? QLocale::system().toString(*v, 'f', 0) : QStringLiteral("—");
}

} // namespace

bool printRankGroup(Store &store, long long rank0RunId, const QString &label)
{
    const auto group = distributedRunOf(store, rank0RunId);
    if (!group) {
        out() << RankGroupText::tr("%1: the ranks did not form a group [run %2]")
                     .arg(label)
                     .arg(rank0RunId)
              << Qt::endl;
        return false;
    }
    QStringList ranks, ids;
    for (const RankRun &r : group->ranks) {
        ranks << RankGroupText::tr("rank %1 %2/s (%3)")
                     .arg(r.rank)
                     .arg(rate(r.samplesPerSecond), QString::fromStdString(r.status));
        ids << QString::number(r.runId);
    }
    const bool ok = group->complete();
    out() << RankGroupText::tr("%1: %2 of %3 ranks %4 — aggregate %5 samples/s, slowest rank %6 "
                               "(%7 samples/s) [runs %8]")
                 .arg(label)
                 .arg(group->ranks.size())
                 .arg(group->worldSize)
                 .arg(ok ? RankGroupText::tr("ok") : RankGroupText::tr("incomplete"),
                      rate(group->aggregateSamplesPerSecond))
                 .arg(group->slowestRank)
                 .arg(rate(group->slowestSamplesPerSecond), ids.join(QStringLiteral(", ")))
          << Qt::endl;
    out() << QStringLiteral("  ") << ranks.join(QStringLiteral("; ")) << Qt::endl;
    return ok;
}

} // namespace tp::cli
