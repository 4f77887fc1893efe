#pragma once
// Sentences the model writes for people — criterion details, validity reasons, panel notes, the
// default pilot's side labels — each made from an English template of the catalog
// (model_texts.h) with %1…%9 filled in. The template is the sentence's code: ui/ and the CLI find
// the template a sentence was made from (matchModelText), translate it through Qt's tr()
// (context "tp::ModelText") and fill in the same arguments (frontend/model_text_tr.h). Stored
// sentences therefore read in Portuguese too, even from a database written before a translation
// existed; JSON, the evidence hash and the database keep the English. No Qt.
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

namespace tp
{

// `templ` with %1…%9 replaced by `args` in one pass (an argument's own "%2" stays as it is); a
// placeholder without an argument stays too.
std::string fillText(const std::string &templ, const std::vector<std::string> &args);
inline std::string fillText(const char *templ, std::initializer_list<std::string> args)
{
    return fillText(std::string(templ), std::vector<std::string>(args));
}

// The parts of a sentence joined with "; ", where matchModelText and trModelText cut it: each
// part is read back, and translated, on its own.
std::string joinParts(const std::vector<std::string> &parts);

// A number as model sentences write it: `significant` digits, "%g" style ("0.0012", "1.5e+06").
std::string textNumber(double v, int significant = 4);
// A number with a fixed count of decimals ("%.6f"), as the validity and precision reasons have
// always written it.
std::string fixedDecimals(double v, int decimals);

struct TextMatch {
    const char *templ = nullptr; // the catalog's template
    std::vector<std::string> args;
};
// The catalog template `sentence` was made from, and its arguments; nullopt when it was made
// from none (a user's text, an older sentence). The first template that matches wins: the
// catalog lists specific templates before general ones. An argument never holds "; ": a sentence
// joined from parts with "; " matches no template as a whole and is translated part by part.
std::optional<TextMatch> matchModelText(const std::string &sentence);

// Whether the template begins with a count ("%1 failed", "%1% of elements …"): that argument
// then matches a number only, so a user's text such as a side label "v5e not ok" is never read
// as a count sentence. Three templates begin with a name instead (a workload, a mode).
bool leadsWithCount(const char *templ);

// Every template of the catalog, in catalog order.
const std::vector<const char *> &modelTextCatalog();

} // namespace tp
