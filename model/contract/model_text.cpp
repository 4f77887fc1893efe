#include "model_text.h"

#include "model_texts.h"

#include <cstdio>
#include <regex>

namespace tp
{

std::string fillText(const std::string &templ, const std::vector<std::string> &args)
{
    std::string out;
    out.reserve(templ.size() + 16);
    for (std::size_t i = 0; i < templ.size(); ++i) {
        const char c = templ[i];
        if (c == '%' && i + 1 < templ.size() && templ[i + 1] >= '1' && templ[i + 1] <= '9') {
            const auto n = static_cast<std::size_t>(templ[i + 1] - '1');
            if (n < args.size()) {
                out += args[n];
                ++i;
                continue;
            }
        }
        out += c;
    }
    return out;
}

std::string joinParts(const std::vector<std::string> &parts)
{
    std::string out;
    for (const std::string &p : parts)
        out += (out.empty() ? "" : "; ") + p;
    return out;
}

std::string fixedDecimals(double v, int decimals)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

std::string textNumber(double v, int significant)
{
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.*g", significant, v);
    return buf;
}

const std::vector<const char *> &modelTextCatalog()
{
    static const std::vector<const char *> catalog = {
#define TP_TEXT_ENTRY(name, text) txt::name,
        TP_MODEL_TEXTS(TP_TEXT_ENTRY)
#undef TP_TEXT_ENTRY
    };
    return catalog;
}

bool leadsWithCount(const char *templ)
{
    const std::string t(templ);
    if (t.rfind("%1 ", 0) != 0 && t.rfind("%1%", 0) != 0)
        return false;
    for (const char *named : {txt::BreakEvenShapeSeq, txt::BreakEvenShape, txt::CriterionMisses})
        if (t == named)
            return false;
    return true;
}

namespace
{

struct Pattern {
    const char *templ;
    std::string prefix; // literal text before the first placeholder: a cheap first test
    std::regex re;
    std::vector<int> order; // argument number of each capture group
};

std::vector<Pattern> compile()
{
    std::vector<Pattern> out;
    for (const char *t : modelTextCatalog()) {
        Pattern p{t, {}, {}, {}};
        std::string re = "^";
        bool literal = true;
        const bool count = leadsWithCount(t);
        for (const char *s = t; *s; ++s) {
            if (count && s == t) {
                re += "([0-9][0-9.eE+-]*)"; // a count or a number, as textNumber writes it
                p.order.push_back(1);
                literal = false;
                ++s;
                continue;
            }
            if (*s == '%' && s[1] >= '1' && s[1] <= '9') {
                re += "((?:(?!; )[\\s\\S])*?)"; // never "; ": parts are matched one by one
                p.order.push_back(s[1] - '0');
                literal = false;
                ++s;
                continue;
            }
            if (std::string("\\^$.|?*+()[]{}").find(*s) != std::string::npos)
                re += '\\';
            re += *s;
            if (literal)
                p.prefix += *s;
        }
        p.re = std::regex(re + "$", std::regex::ECMAScript | std::regex::optimize);
        out.push_back(std::move(p));
    }
    return out;
}

} // namespace

std::optional<TextMatch> matchModelText(const std::string &sentence)
{
    static const std::vector<Pattern> patterns = compile(); // thread-safe static init
    std::smatch m;
    for (const Pattern &p : patterns) {
        if (sentence.compare(0, p.prefix.size(), p.prefix) != 0)
            continue;
        if (!std::regex_match(sentence, m, p.re))
            continue;
        TextMatch out{p.templ, {}};
        int highest = 0;
        for (int n : p.order)
            highest = std::max(highest, n);
        out.args.assign(static_cast<std::size_t>(highest), std::string());
        for (std::size_t g = 0; g < p.order.size(); ++g)
            out.args[static_cast<std::size_t>(p.order[g] - 1)] = m[static_cast<int>(g + 1)].str();
        return out;
    }
    return std::nullopt;
}

} // namespace tp
