#include "run_detail_dialog.h"

#include "run_detail_view.h"
#include "ui/format.h"
#include "ui/store_location.h"

#include <QDialogButtonBox>
#include <QPushButton>
#include <QVBoxLayout>

namespace tp
{

RunDetailDialog::RunDetailDialog(const StoreLocation &store, long long runId, QWidget *parent)
    : QDialog(parent), m_runId(runId)
{
    setAttribute(Qt::WA_DeleteOnClose);
    setModal(false);
    m_view = new RunDetailView;
    setWindowTitle(tr("Run %1").arg(runId));
    connect(m_view, &RunDetailView::runLoaded, this, [this](long long shown) {
        if (shown == m_runId && !m_view->runKey().empty())
            setWindowTitle(tr("Run %1 — %2").arg(m_runId).arg(fmt::fromStd(m_view->runKey())));
    });
    m_view->loadRun(store, runId); // on a worker; the title follows when it is loaded

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_view, 1);
    layout->addWidget(buttons);
    resize(1150, 560);
}

} // namespace tp
