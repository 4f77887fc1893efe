#pragma once
// The scrolling body of a page: `content` in a frameless QScrollArea that resizes it with the
// viewport, so a page's cards or charts are never clipped, whatever the window or font size.
#include <QScrollArea>

namespace tp
{

// Takes ownership of content; the scroll area has no parent until it is put in a layout.
QScrollArea *scrollPage(QWidget *content);

} // namespace tp
