#pragma once
// Asks who signs (prefilled with the reviewer used last, remembered through Settings) and an
// optional comment, for a gate sign-off or a recorded decision. OK stays disabled until a
// reviewer name is given. The dialog only collects the text: the caller writes the review.
#include <QDialog>

class QDialogButtonBox;
class QLineEdit;
class QPlainTextEdit;

namespace tp
{

class Settings;

class SignoffDialog : public QDialog
{
    Q_OBJECT
public:
    // `what` says what is being signed (rich text allowed); `settings` may be null, then
    // `fallbackReviewer` prefills the name and nothing is remembered.
    SignoffDialog(const QString &title, const QString &what, Settings *settings,
                  const QString &fallbackReviewer = {}, QWidget *parent = nullptr);

    QString reviewer() const;
    QString comment() const;
    void setReviewer(const QString &name);
    void setComment(const QString &text);

    void accept() override; // remembers the reviewer in the settings

private:
    void updateOk();

    Settings *m_settings = nullptr;
    QLineEdit *m_reviewer = nullptr;
    QPlainTextEdit *m_comment = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
};

} // namespace tp
