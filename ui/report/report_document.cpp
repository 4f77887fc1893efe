// The report's QTextDocument: resources and images only from what was added to it.
#include "report_document.h"

#include <QAbstractTextDocumentLayout>
#include <QPaintDevice>
#include <QPainter>
#include <QTextFormat>
#include <QUrl>
#include <QVariant>

namespace tp::report
{

ReportDocument::ReportDocument(QObject *parent) : QTextDocument(parent)
{
    // No base to resolve a relative name against (no directory to look in).
    setBaseUrl(QUrl());
    setMetaInformation(QTextDocument::DocumentUrl, QString());
    // resource() asks a provider when loadResource() returns nothing: this document's own one
    // (refusing too), so an application-wide default provider is never asked either.
    setResourceProvider([](const QUrl &) { return QVariant(); });
    documentLayout()->registerHandler(QTextFormat::ImageObject, new RegisteredImages(this));
}

QVariant ReportDocument::loadResource(int type, const QUrl &name)
{
    Q_UNUSED(type);
    Q_UNUSED(name);
    return {};
}

QImage RegisteredImages::imageOf(QTextDocument *doc, const QTextFormat &format)
{
    // resource() returns what was added; for anything else the document refuses (above). QImage
    // only: the layout may run on a worker thread, where QPixmap cannot be used.
    const QVariant v =
        doc->resource(QTextDocument::ImageResource, QUrl(format.toImageFormat().name()));
    if (v.userType() == QMetaType::QImage)
        return v.value<QImage>();
    QImage image;
    if (v.userType() == QMetaType::QByteArray)
        image.loadFromData(v.toByteArray());
    return image;
}

QSizeF RegisteredImages::intrinsicSize(QTextDocument *doc, int, const QTextFormat &format)
{
    const QImage image = imageOf(doc, format);
    if (image.isNull() || image.width() == 0 || image.height() == 0)
        return QSizeF(0, 0); // takes no room (a default QSizeF is invalid: -1 × -1)
    const QTextImageFormat f = format.toImageFormat();
    const bool hasWidth = f.hasProperty(QTextFormat::ImageWidth),
               hasHeight = f.hasProperty(QTextFormat::ImageHeight);
    const double aspect = double(image.height()) / image.width();
    QSizeF size(hasWidth    ? f.width()
                : hasHeight ? f.height() / aspect
                            : image.width(),
                hasHeight  ? f.height()
                : hasWidth ? f.width() * aspect
                           : image.height());
    // HTML sizes are CSS pixels (96 per inch), scaled to the layout's device as Qt's handler does.
    if (const QPaintDevice *device = doc->documentLayout()->paintDevice())
        size *= device->logicalDpiY() / 96.0;
    return size;
}

void RegisteredImages::drawObject(QPainter *painter, const QRectF &rect, QTextDocument *doc, int,
                                  const QTextFormat &format)
{
    const QImage image = imageOf(doc, format);
    if (!image.isNull())
        painter->drawImage(rect, image);
}

} // namespace tp::report
