#pragma once
// What a screenshot PNG shows, read from its pixels: for the tests that run the real
// `torchpilot --screenshot` and so have no widgets to ask.
#include <QColor>
#include <QHash>
#include <QImage>
#include <QString>

namespace tptest
{

struct ShotPixels {
    explicit ShotPixels(const QString &png)
        : image(QImage(png).convertToFormat(QImage::Format_RGB32))
    {
    }

    // Distinct colours, counted up to `cap`: a blank or unpainted window has one.
    int colours(int cap = 64) const
    {
        QHash<QRgb, bool> seen;
        for (int y = 0; y < image.height() && seen.size() < cap; y += 2)
            for (int x = 0; x < image.width() && seen.size() < cap; x += 2)
                seen.insert(image.pixel(x, y), true);
        return int(seen.size());
    }

    // Pixel rows of the top half (where the main window has its runs table) more than half
    // covered by one saturated colour: a selected table row, in the highlight colour (a row is
    // about 22 pixel rows offscreen).
    int selectedRowLines() const
    {
        int lines = 0;
        for (int y = 0; y < image.height() / 2; ++y) {
            QHash<QRgb, int> counts;
            for (int x = 0; x < image.width(); ++x)
                ++counts[image.pixel(x, y)];
            for (auto it = counts.cbegin(); it != counts.cend(); ++it)
                if (it.value() * 2 > image.width() &&
                    QColor::fromRgb(it.key()).hsvSaturation() > 100) {
                    ++lines;
                    break;
                }
        }
        return lines;
    }

    // Pixels of exactly `rgb` (e.g. a chart series' fixed colour).
    int pixels(QRgb rgb) const
    {
        int n = 0;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x)
                n += image.pixel(x, y) == rgb;
        return n;
    }

    QImage image;
};

} // namespace tptest
