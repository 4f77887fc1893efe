#include "signoff_dialog.h"

#include "frontend/settings.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace tp
{

SignoffDialog::SignoffDialog(const QString &title, const QString &what, Settings *settings,
                             const QString &fallbackReviewer, QWidget *parent)
    : QDialog(parent), m_settings(settings)
{
    setWindowTitle(title);
    auto *intro = new QLabel(what);
    intro->setWordWrap(true);
    intro->setTextFormat(Qt::RichText);
    m_reviewer = new QLineEdit;
    m_reviewer->setPlaceholderText(tr("Your name"));
    m_reviewer->setObjectName(QStringLiteral("reviewer"));
    const QString last = settings ? settings->lastReviewer() : QString();
    m_reviewer->setText(last.isEmpty() ? fallbackReviewer : last);
    m_comment = new QPlainTextEdit;
    m_comment->setObjectName(QStringLiteral("comment"));
    m_comment->setPlaceholderText(tr("Optional: what you checked, conditions, follow-ups"));
    m_comment->setTabChangesFocus(true);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    m_buttons->button(QDialogButtonBox::Ok)->setText(title);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &SignoffDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &SignoffDialog::reject);
    connect(m_reviewer, &QLineEdit::textChanged, this, &SignoffDialog::updateOk);

    auto *form = new QFormLayout;
    form->addRow(tr("Reviewer:"), m_reviewer);
    form->addRow(tr("Comment:"), m_comment);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form, 1);
    layout->addWidget(m_buttons);
    resize(520, 300);
    updateOk();
    if (!m_reviewer->text().isEmpty())
        m_comment->setFocus();
}

QString SignoffDialog::reviewer() const
{
    return m_reviewer->text().trimmed();
}

QString SignoffDialog::comment() const
{
    return m_comment->toPlainText().trimmed();
}

void SignoffDialog::setReviewer(const QString &name)
{
    m_reviewer->setText(name);
}

void SignoffDialog::setComment(const QString &text)
{
    m_comment->setPlainText(text);
}

void SignoffDialog::accept()
{
    if (reviewer().isEmpty())
        return;
    if (m_settings)
        m_settings->setLastReviewer(reviewer());
    QDialog::accept();
}

void SignoffDialog::updateOk()
{
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(!reviewer().isEmpty());
}

} // namespace tp
