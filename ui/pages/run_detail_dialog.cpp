#include "run_detail_dialog.h"

#include "format.h"
#include "run_detail_view.h"
#include "store.h"

#include <QDialogButtonBox>
#include <QPushButton>
#include <QVBoxLayout>

namespace tp
{

RunDetailDialog::RunDetailDialog(Store &store, long long runId, QWidget *parent)
    : QDialog(parent), m_runId(runId)
{
    setAttribute(Qt::WA_DeleteOnClose);
    setModal(false);
    m_view = new RunDetailView;
    m_view->showRun(store, runId);
    QString title = tr("Run %1").arg(runId);
    try {
        if (const auto run = store.run(runId); run && !run->runKey.empty())
            title = tr("Run %1 — %2").arg(runId).arg(fmt::fromStd(run->runKey));
    } catch (const std::exception &) {
        // the view already explains what went wrong
    }
    setWindowTitle(title);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_view, 1);
    layout->addWidget(buttons);
    resize(1150, 560);
}

} // namespace tp
