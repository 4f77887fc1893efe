#include "report_paginator.h"

#include <QAbstractTextDocumentLayout>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextFrame>
#include <QTextTable>

#include <algorithm>
#include <cmath>
#include <limits>

namespace tp::report
{

namespace
{
constexpr int kSpacerProperty = QTextFormat::UserProperty + 71;

int pageOf(double y, double pageHeight)
{
    return int(std::floor(y / pageHeight));
}

// The first block a heading must share its page with: the first body row of a table that follows
// it (past an introduction), else the next top-level block.
QTextBlock followerOf(const QTextDocument &doc, const QTextBlock &heading)
{
    QTextBlock b = heading.next();
    for (int steps = 0; b.isValid() && steps < 6; ++steps) {
        if (auto *table = qobject_cast<QTextTable *>(doc.frameAt(b.position()))) {
            const int row = std::min(table->format().headerRowCount(), table->rows() - 1);
            return table->cellAt(row, 0).firstCursorPosition().block();
        }
        if (b.blockFormat().headingLevel() > 0)
            break;
        b = b.next();
    }
    return heading.next();
}

// The first heading at or after `from` that its follower does not share a page with.
QTextBlock orphanHeading(QTextDocument &doc, double pageHeight, int from)
{
    QAbstractTextDocumentLayout *layout = doc.documentLayout();
    for (QTextBlock b = doc.findBlock(from); b.isValid(); b = b.next()) {
        if (b.blockFormat().headingLevel() == 0 || doc.frameAt(b.position()) != doc.rootFrame())
            continue;
        const QTextBlock next = followerOf(doc, b);
        if (!next.isValid())
            continue;
        const QRectF h = layout->blockBoundingRect(b), n = layout->blockBoundingRect(next);
        const int page = pageOf(h.top(), pageHeight);
        const bool atPageTop = h.top() - page * pageHeight < 1.0;
        if (!atPageTop && pageOf(n.bottom() - 1.0, pageHeight) != page)
            return b;
    }
    return {};
}

void breakBefore(const QTextBlock &b)
{
    QTextBlockFormat f = b.blockFormat();
    f.setPageBreakPolicy(f.pageBreakPolicy() | QTextFormat::PageBreak_AlwaysBefore);
    QTextCursor(b).setBlockFormat(f);
}

// Top of the first line and bottom of the last line over the cells of `row`.
std::pair<double, double> rowExtent(QTextDocument &doc, QTextTable *t, int row)
{
    QAbstractTextDocumentLayout *layout = doc.documentLayout();
    double top = std::numeric_limits<double>::max(), bottom = std::numeric_limits<double>::lowest();
    for (int c = 0; c < t->columns(); ++c) {
        const QTextTableCell cell = t->cellAt(row, c);
        if (cell.row() != row || cell.column() != c)
            continue;
        top = std::min(top, layout->blockBoundingRect(cell.firstCursorPosition().block()).top());
        bottom =
            std::max(bottom, layout->blockBoundingRect(cell.lastCursorPosition().block()).bottom());
    }
    return {top, bottom};
}

void insertSpacer(QTextTable *t, int row, double height)
{
    // One edit block: the layout hears of the change once, at the end, not once per format.
    QTextCursor edit(t->document());
    edit.beginEditBlock();
    t->insertRows(row, 1);
    for (int c = 0; c < t->columns(); ++c) {
        QTextTableCell cell = t->cellAt(row, c);
        if (cell.row() != row || cell.column() != c)
            continue;
        QTextTableCellFormat f = cell.format().toTableCellFormat();
        f.setPadding(0);
        f.setBorder(0);
        f.setBorderBrush(Qt::NoBrush);
        f.setBackground(Qt::NoBrush);
        f.setProperty(kSpacerProperty, true);
        cell.setFormat(f);
        QTextCursor cursor = cell.firstCursorPosition();
        QTextBlockFormat b = cursor.blockFormat();
        b.setTopMargin(0);
        b.setBottomMargin(0);
        b.setLineHeight(std::max(1.0, height), QTextBlockFormat::FixedHeight);
        cursor.setBlockFormat(b);
    }
    edit.endEditBlock();
}

struct SplitRow {
    QTextTable *table = nullptr;
    int row = -1, position = -1;
    double spacer = 0; // height that fills the page before it
};

// The first table row at or after `from` that starts on one page and ends on the next. Only a
// row that is the last to start on its page can end on the next one, so only those are measured
// cell by cell.
SplitRow splitRow(QTextDocument &doc, double pageHeight, int from)
{
    QAbstractTextDocumentLayout *layout = doc.documentLayout();
    auto rowTop = [&](QTextTable *t, int r) {
        return layout->blockBoundingRect(t->cellAt(r, 0).firstCursorPosition().block()).top();
    };
    for (QTextFrame *frame : doc.rootFrame()->childFrames()) {
        auto *t = qobject_cast<QTextTable *>(frame);
        if (!t || t->lastPosition() < from)
            continue;
        const int first = t->format().headerRowCount();
        const double tableBottom = layout->frameBoundingRect(t).bottom();
        double top = first < t->rows() ? rowTop(t, first) : 0;
        for (int r = first; r < t->rows(); ++r) {
            const double nextTop = r + 1 < t->rows() ? rowTop(t, r + 1) : tableBottom;
            const double thisTop = top;
            top = nextTop;
            const int page = pageOf(thisTop, pageHeight);
            if (pageOf(nextTop - 1.0, pageHeight) == page ||
                t->cellAt(r, 0).format().boolProperty(kSpacerProperty))
                continue;
            const double bottom = rowExtent(doc, t, r).second;
            if (pageOf(bottom - 1.0, pageHeight) == page || bottom - thisTop > 0.8 * pageHeight)
                continue; // fits, or (nearly) a page tall: that one has to break somewhere
            // The spacer's line ends just short of the page foot: the row then cannot place a
            // first line on this page and the layout moves it to the next one whole.
            return {t, r, t->cellAt(r, 0).firstPosition(), (page + 1) * pageHeight - thisTop - 2.0};
        }
    }
    return {};
}
} // namespace

int paginate(QTextDocument &doc, double pageHeight, int maxFixes)
{
    int fixes = 0, from = 0;
    doc.pageCount(); // lays the document out
    while (fixes < maxFixes) {
        // Fixes go in document order: one only moves what follows it, so the next search
        // starts where it was made.
        const QTextBlock heading = orphanHeading(doc, pageHeight, from);
        const SplitRow split = splitRow(doc, pageHeight, from);
        if (!heading.isValid() && !split.table)
            break;
        if (heading.isValid() && (!split.table || heading.position() < split.position)) {
            from = heading.position();
            breakBefore(heading);
        } else {
            from = split.position;
            insertSpacer(split.table, split.row, split.spacer);
        }
        ++fixes;
        doc.setPageSize(doc.pageSize()); // a full layout again: edits relay out lazily
        doc.pageCount();
    }
    return fixes;
}

} // namespace tp::report
