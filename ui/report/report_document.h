#pragma once
// The QTextDocument the PDF report is laid out in, closed to the outside: it loads no resource it
// was not given with addResource() — no file, no qrc: or data: URL, nothing relative to a base
// URL, nothing from a resource provider — and draws an <img> only from those resources (Qt's own
// image handler falls back to reading the image's name as a file). The report registers none
// today: its charts are text objects (report_charts.h). Defence in depth behind the escaping of
// report_format.h: markup that reached the HTML anyway still cannot put a local file in the PDF.
#include <QImage>
#include <QObject>
#include <QTextDocument>
#include <QTextObjectInterface>

namespace tp::report
{

class ReportDocument : public QTextDocument
{
public:
    // Keep the layout it creates: the image handler is registered on it (setDocumentLayout() would
    // drop it).
    explicit ReportDocument(QObject *parent = nullptr);

protected:
    // Asked for every resource that was not added: refused (an empty QVariant).
    QVariant loadResource(int type, const QUrl &name) override;
};

// Image objects drawn from the document's added resources only; an image it was not given has no
// size and draws nothing.
class RegisteredImages : public QObject, public QTextObjectInterface
{
    Q_OBJECT
    Q_INTERFACES(QTextObjectInterface)
public:
    using QObject::QObject;

    QSizeF intrinsicSize(QTextDocument *doc, int posInDocument, const QTextFormat &format) override;
    void drawObject(QPainter *painter, const QRectF &rect, QTextDocument *doc, int posInDocument,
                    const QTextFormat &format) override;

private:
    static QImage imageOf(QTextDocument *doc, const QTextFormat &format);
};

} // namespace tp::report
