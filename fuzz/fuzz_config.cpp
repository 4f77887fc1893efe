// libFuzzer target (threat model I3, I6): every configuration parser and the CLI's run selector
// on arbitrary bytes. The first byte picks the parser: shape catalog, precision policy, gate
// definitions, cost model, pilot, or `--runs`/`--baseline` selector text; the rest is the file.
// Each must return or throw its own error type with a message (never crash, never recurse past
// the depth bound, never allocate beyond what the input's size allows), and what it accepts must
// survive being written back as JSON (dumpText).
#include "model/contract/catalog.h"
#include "model/contract/json_file.h"
#include "model/contract/precision.h"
#include "model/contract/sound_values.h"
#include "model/pilot/pilot.h"
#include "model/review/cost.h"
#include "model/review/gates.h"
#include "model/store/run_export.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>

namespace
{

struct FuzzError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

template <class Parse> void parseAs(const std::string &text, Parse parse)
{
    nlohmann::json j;
    try {
        j = tp::parseJsonText<FuzzError>(text, "fuzz.json");
    } catch (const FuzzError &) {
        return; // malformed or too deep: refused with a message
    }
    (void)tp::dumpText(j);
    try {
        parse(j);
    } catch (const std::runtime_error &e) {
        if (std::string(e.what()).empty())
            std::abort(); // a refusal says what is wrong
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size == 0)
        return 0;
    const unsigned which = data[0] % 6;
    const std::string text(reinterpret_cast<const char *>(data) + 1, size - 1);
    switch (which) {
    case 0:
        parseAs(text, [](const nlohmann::json &j) {
            const tp::ShapeCatalog c = tp::parseCatalog(j, "fuzz.json");
            if (c.cases(true).size() > tp::kMaxCatalogCases)
                std::abort();
        });
        break;
    case 1:
        parseAs(text, [](const nlohmann::json &j) { (void)tp::parsePolicy(j, "fuzz.json"); });
        break;
    case 2:
        parseAs(text,
                [](const nlohmann::json &j) { (void)tp::parseGateDefinitions(j, "fuzz.json"); });
        break;
    case 3:
        parseAs(text, [](const nlohmann::json &j) { (void)tp::parseCostModel(j, "fuzz.json"); });
        break;
    case 4:
        parseAs(text, [](const nlohmann::json &j) {
            (void)tp::dumpText(tp::pilotToJson(tp::parsePilot(j, "fuzz.json")));
        });
        break;
    default:
        try {
            const tp::RunSelection s = tp::parseRunSelection(text);
            if (s.runIds.size() > 1000000)
                std::abort(); // the selector's bound, whatever the token count
        } catch (const std::runtime_error &) {
        }
    }
    return 0;
}
