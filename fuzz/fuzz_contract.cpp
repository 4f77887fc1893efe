// libFuzzer target: one line of the run contract (model/contract/contract.h). parseEventLine must
// never throw or crash, whatever the bytes; a line it accepts must survive the runner's own
// serialisation (toLine) and parse back to the same event with the same typed fields.
#include "model/contract/contract.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace
{

void check(bool ok, const char *what)
{
    if (!ok) {
        std::fprintf(stderr, "fuzz_contract: %s\n", what);
        std::abort();
    }
}

void roundTrip(const tp::Event &e)
{
    std::string line;
    if (e.kind == tp::Event::Kind::RunStarted)
        line = tp::toLine(e.started);
    else if (e.kind == tp::Event::Kind::Phase)
        line = tp::toLine(e.phase);
    else if (e.kind == tp::Event::Kind::RunFinished)
        line = tp::toLine(e.finished);
    else
        line = tp::toLine(e.name, e.raw);
    const tp::ParseResult again = tp::parseEventLine(line);
    check(again.event.has_value(), "toLine() wrote a line parseEventLine() refuses");
    check(again.event->kind == e.kind && again.event->name == e.name,
          "round trip changed the event");
    if (e.kind == tp::Event::Kind::Phase) {
        check(again.event->phase.phase == e.phase.phase, "round trip changed the phase");
        check(again.event->phase.seconds == e.phase.seconds, "round trip changed the samples");
    } else if (e.kind == tp::Event::Kind::RunStarted) {
        check(again.event->started.executionKey == e.started.executionKey,
              "round trip changed the key");
        check(again.event->started.shape == e.started.shape, "round trip changed the shape");
    } else if (e.kind == tp::Event::Kind::RunFinished) {
        check(again.event->finished.status == e.finished.status, "round trip changed the status");
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string line(reinterpret_cast<const char *>(data), size);
    const tp::ParseResult r = tp::parseEventLine(line);
    check(r.event.has_value() != !r.error.empty(), "exactly one of event and error must be set");
    if (r.event)
        roundTrip(*r.event);
    // The smoke.py detector runs on whatever the line parser refused.
    (void)tp::isSmokeObject(nlohmann::json::parse(line, nullptr, false));
    return 0;
}
