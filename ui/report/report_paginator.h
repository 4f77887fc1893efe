#pragma once
// Clean page breaks for a paginated QTextDocument, which has neither "keep with next" nor "keep
// a table row together": after each full layout the first problem found is fixed and the
// document laid out again, until none is left.
//  - A heading whose follower (the first body row of the table after it, else the next block)
//    starts on a later page gets a page break before it.
//  - A table row that starts on one page and ends on the next is pushed whole to the next page
//    by an invisible spacer row (no borders, no padding) that fills the rest of the page; the
//    table's header row repeats above it there as usual.
class QTextDocument;

namespace tp::report
{

// Returns the number of fixes made. `pageHeight` is the document's page height (already set).
int paginate(QTextDocument &doc, double pageHeight, int maxFixes = 400);

} // namespace tp::report
