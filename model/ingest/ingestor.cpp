#include "ingestor.h"

#include "ingest_util.h"
#include "model/store/run_judging.h"
#include "model/store/run_writes.h"
#include "smoke_result.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstring>

namespace tp
{
using nlohmann::json;

using namespace ingest_detail;

RunIngestor::RunIngestor(Store &store, std::string source, std::string target)
    : m_store(store), m_source(std::move(source)), m_target(std::move(target)),
      m_groupWriter(store, m_report), m_details(store),
      m_phaseParser(std::make_unique<detail::PhaseLineParser>())
{
}

// A group still open here was abandoned by an exception: its transaction rolls back.
RunIngestor::~RunIngestor() = default;

void RunIngestor::feed(const char *data, std::size_t size)
{
    try {
        // Only the new bytes are scanned for a newline (a long line arriving in small pieces is
        // not rescanned from its start), and the buffer never holds more than one line of at most
        // kMaxLineBytes: memory stays bounded whatever the stream is.
        while (size > 0 && m_stopReason.empty()) {
            const auto *nl = static_cast<const char *>(std::memchr(data, '\n', size));
            const std::size_t take = nl ? std::size_t(nl - data) : size;
            if (m_buffer.size() + take > ingest_limits::kMaxLineBytes) {
                stop("line " + std::to_string(m_lineNo + 1) + " is longer than " +
                     std::to_string(ingest_limits::kMaxLineBytes >> 20) +
                     " MiB, the limit for one contract line");
                break;
            }
            m_buffer.reserve(m_buffer.size() + take + 64); // simdjson reads 64 bytes past the end
            m_buffer.append(data, take);
            if (!nl)
                break;
            data += take + 1;
            size -= take + 1;
            std::string line;
            line.swap(m_buffer);
            if (!line.empty() && line.back() == '\r')
                line.pop_back();
            ++m_lineNo;
            const long long warned = m_report.warningCount;
            handleLine(line);
            // A stream of nothing but lines that store nothing (random bytes with newlines, a
            // log) is given up rather than read for ever.
            m_badLinesInRow = m_report.warningCount > warned ? m_badLinesInRow + 1 : 0;
            if (m_badLinesInRow >= ingest_limits::kMaxBadLinesInRow)
                stop(std::to_string(m_badLinesInRow) +
                     " lines in a row were not stored (the last: line " + std::to_string(m_lineNo) +
                     ")");
            line.clear();
            line.swap(m_buffer); // keeps the capacity for the next line
            if (m_groupWriter.openLongerThan(std::chrono::milliseconds(250)))
                m_groupWriter.commit(m_runId);
        }
        m_groupWriter.commit(m_runId);
    } catch (...) {
        // The group rolls back; what was counted for it in memory is dropped with it.
        m_groupWriter.abandon();
        throw;
    }
}

void RunIngestor::stop(const std::string &reason)
{
    m_stopReason = reason;
    m_buffer.clear();
    m_buffer.shrink_to_fit();
    m_report.stopped = reason;
}

IngestReport RunIngestor::finish()
{
    return finishWithError({});
}

IngestReport RunIngestor::finishWithError(const std::string &reason, const std::string &finalStatus)
{
    if (!m_stopReason.empty()) {
        m_report.warnings.push_back(m_stopReason + ": the stream was not read further");
    } else if (!m_buffer.empty()) {
        std::string rest;
        rest.swap(m_buffer);
        ++m_lineNo;
        // A last line without newline is fine if it parses (e.g. smoke.py piped through echo -n).
        const auto parsed = parseEventLine(rest);
        if (parsed.event || isSmokeObject(parseJsonLine(rest))) {
            handleLine(rest);
        } else {
            m_report.truncated = true;
            warn("truncated final line (" + std::to_string(rest.size()) + " bytes) ignored");
        }
    }
    std::string error = reason;
    if (error.empty() && !m_stopReason.empty())
        error = m_stopReason;
    if (error.empty() && m_report.truncated)
        error = "stream truncated before run_finished";
    closeOpenRun(error.empty() ? "stream ended before run_finished" : error, finalStatus);
    m_groupWriter.commit(m_runId);
    return m_report;
}

void RunIngestor::warn(const std::string &what)
{
    ++m_report.warningCount;
    if (m_report.warnings.size() < ingest_limits::kMaxWarnings)
        m_report.warnings.push_back("line " + std::to_string(m_lineNo) + ": " + what);
}

void RunIngestor::handleLine(const std::string &line)
{
    if (line.find_first_not_of(" \t") == std::string::npos)
        return;
    if (m_runId != 0 && refused()) {
        // The run is refused: its lines up to the next run_started are read, not stored.
        if (m_phaseParser->parse(line, m_fastPhase.phase, m_fastPhase.batch, m_fastPhase.seconds))
            return;
        if (const auto parsed = parseEventLine(line).event) {
            if (parsed->kind == Event::Kind::RunStarted)
                handleEvent(*parsed);
        } else if (const json obj = parseJsonLine(line); isSmokeObject(obj)) {
            handleSmoke(obj);
        }
        return;
    }
    // A queries line as the runners write it: straight into its series' chunks.
    if (m_runId != 0 && line.find("\"queries\"") != std::string::npos &&
        m_phaseParser->parseQueries(line, m_fastQueries)) {
        m_groupWriter.begin();
        m_groupWriter.noteLine();
        ++m_report.events;
        addQueries(m_fastQueries);
        return;
    }
    // A phase line as the runners write it: straight into the phase's chunk, nothing else.
    if (m_runId != 0 &&
        m_phaseParser->parse(line, m_fastPhase.phase, m_fastPhase.batch, m_fastPhase.seconds)) {
        m_groupWriter.begin();
        m_groupWriter.noteLine();
        ++m_report.events;
        ++m_eventSeq; // the line keeps its seq: the events after it are keyed as before
        if (!m_groupWriter.addValues(m_runId, m_fastPhase.phase, m_fastPhase.seconds))
            warn("phase '" + m_fastPhase.phase + "' not stored: a run has at most " +
                 std::to_string(ingest_limits::kMaxPhasesPerRun) + " phases");
        return;
    }
    auto parsed = parseEventLine(line);
    if (!parsed.event) {
        json obj = parseJsonLine(line);
        if (isSmokeObject(obj)) {
            handleSmoke(obj);
            return;
        }
        warn(parsed.error);
        return;
    }
    handleEvent(*parsed.event);
}

void RunIngestor::handleEvent(const Event &e)
{
    const bool started = e.kind == Event::Kind::RunStarted;
    if (started)
        closeOpenRun("a new run_started arrived before run_finished");
    if (!started && m_runId == 0) {
        warn("event '" + e.name + "' before any run_started ignored");
        return;
    }
    // In the group's transaction, run_started included: its run row and its event are stored
    // together or not at all (a database that fails the event write keeps no empty run).
    m_groupWriter.begin();
    if (started) {
        std::string key = e.started.executionKey;
        if (key.empty())
            key = e.started.startedAt.empty() ? "content:" + contentKey(dumpJson(e.raw))
                                              : e.started.runKey + "@" + e.started.startedAt;
        startRun(e.started, key);
    }
    m_groupWriter.noteLine();
    ++m_report.events;
    if (e.kind == Event::Kind::Phase) {
        // A phase line with fields of its own keeps them as an event (without its values);
        // one as the runners write it is only counted.
        const bool own = std::any_of(e.raw.items().begin(), e.raw.items().end(), [](auto &&f) {
            return f.key() != "v" && f.key() != "event" && f.key() != "phase" &&
                   f.key() != "batch" && f.key() != "seconds";
        });
        if (own)
            storeEvent(e);
        else
            ++m_eventSeq;
        if (!refused() && !m_groupWriter.addValues(m_runId, e.phase.phase, e.phase.seconds))
            warn("phase '" + e.phase.phase + "' not stored: a run has at most " +
                 std::to_string(ingest_limits::kMaxPhasesPerRun) + " phases");
    } else if (e.kind == Event::Kind::Queries) {
        addQueries(e.queries);
    } else {
        storeEvent(e);
    }
    if (refused()) {
        if (e.kind == Event::Kind::RunFinished) {
            m_runId = 0;
            m_runFinished = true;
        }
        return;
    }
    if (e.kind == Event::Kind::RunFinished)
        finishRun(e.finished);
    else if (e.kind == Event::Kind::Other && !m_sealed)
        for (const std::string &why : m_details.store(m_runId, e))
            warn(e.name + ": " + why);
    if (e.kind == Event::Kind::RunFinished) {
        m_runId = 0;
        m_runFinished = true;
    }
}

// The serving scenario a run declares (env.protocol.scenario.name); single-stream when it says
// nothing or names one this build does not know.
static std::string scenarioOf(const json &env)
{
    const json *name = nullptr;
    if (env.is_object() && env.contains("protocol") && env["protocol"].is_object() &&
        env["protocol"].contains("scenario") && env["protocol"]["scenario"].is_object())
        if (const auto it = env["protocol"]["scenario"].find("name");
            it != env["protocol"]["scenario"].end())
            name = &*it;
    for (const std::string &known : serving::knownScenarios())
        if (name && *name == known)
            return known;
    return serving::scenario::SingleStream;
}

// A queries line (model/contract/serving.h): like a phase line, its values go to chunks, one
// series per field, and the line is only counted. Its queries must follow those of the lines
// before it, so the series stay aligned query by query.
void RunIngestor::addQueries(const serving::QueryBatch &q)
{
    ++m_eventSeq;
    if (refused())
        return;
    if (q.first != m_queries) {
        warn("queries line starting at query " + std::to_string(q.first) +
             " not stored: " + std::to_string(m_queries) + " queries arrived before it");
        return;
    }
    const std::vector<std::vector<double>> values = q.seriesValues();
    const std::vector<std::string> &names = serving::allSeries();
    for (std::size_t i = 0; i < names.size(); ++i)
        if (!m_groupWriter.addValues(m_runId, names[i], values[i])) {
            warn("queries not stored: a run has at most " +
                 std::to_string(ingest_limits::kMaxPhasesPerRun) + " phases");
            return;
        }
    m_queries += static_cast<long long>(q.size());
}

void RunIngestor::startRun(const RunStarted &s, const std::string &executionKey)
{
    NewRun run;
    run.executionKey = executionKey;
    run.runKey = s.runKey.empty() ? executionKey : s.runKey;
    run.workload = s.workload;
    run.mode = s.mode;
    run.device = s.device;
    run.dtype = s.dtype;
    run.target = s.target.empty() ? m_target : s.target;
    run.source = m_source;
    run.startedAt = s.startedAt;
    run.batch = intOr(s.shape, "batch", 0);
    run.threads = static_cast<int>(intOr(s.env, "threads", 0, INT32_MIN, INT32_MAX));
    run.shapeJson = dumpJson(s.shape);
    run.envJson = dumpJson(s.env);
    run.cacheState = s.cacheState;
    run.scenario = scenarioOf(s.env);
    const OpenedRun opened = RunWrites(m_store).open(run);
    m_existing = opened.existed;
    m_runId = opened.id;
    m_sealed = opened.complete;
    m_lastRunOwn = !m_existing;
    m_refused = false;
    m_runKey = executionKey;
    m_eventSeq = 0;
    m_queries = 0;
    m_runFinished = false;
    m_groupWriter.startRun(m_existing, m_sealed);
    m_details.startRun();
    if (m_report.runIds.empty() || m_report.runIds.back() != m_runId)
        m_report.runIds.push_back(m_runId);
}

// The article's smoke.py prints one object with aggregates only; it becomes a complete run.
void RunIngestor::handleSmoke(const json &o)
{
    closeOpenRun("a smoke result arrived before run_finished");
    const SmokeRun smoke = smokeRun(o);
    m_groupWriter.begin(); // the run and its only event together
    startRun(smoke.started, smoke.executionKey);
    ++m_report.events;
    storeEvent(smoke.event);
    if (!refused())
        finishRun(smoke.finished);
    m_runId = 0;
    m_runFinished = true;
}

bool RunIngestor::annotate(const std::string &event, const nlohmann::json &fields)
{
    // Only to a run this stream created: a launcher's record never joins a run stored before.
    if (m_report.runIds.empty() || !m_lastRunOwn)
        return false;
    const long long saved = m_runId;
    const bool savedExisting = m_existing, savedSealed = m_sealed, savedRefused = m_refused;
    m_existing = m_sealed = m_refused = false;
    m_runId = m_report.runIds.back();
    Event e;
    e.name = event;
    e.raw = fields;
    e.raw["v"] = kContractVersion;
    e.raw["event"] = event;
    m_groupWriter.begin();
    storeEvent(e);
    m_runId = saved;
    m_existing = savedExisting;
    m_sealed = savedSealed;
    m_refused = savedRefused;
    m_groupWriter.commit(m_runId);
    return true;
}

void RunIngestor::storeEvent(const Event &e)
{
    std::string json;
    if (e.kind == Event::Kind::Phase) {
        // The values are in sample_chunks; the event keeps every other field and their count.
        nlohmann::json slim = e.raw;
        slim.erase("seconds");
        slim["seconds_count"] = e.phase.seconds.size();
        json = dumpJson(slim);
    } else {
        json = dumpJson(e.raw);
    }
    if (m_existing && !matchesStoredEvent(e, json)) {
        ++m_eventSeq;
        return;
    }
    RunWrites(m_store).insertEvent(
        m_runId, m_eventSeq++, e.name, json,
        std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count());
}

bool RunIngestor::matchesStoredEvent(const Event &e, const std::string &json)
{
    if (refused())
        return false;
    const auto stored = RunWrites(m_store).event(m_runId, m_eventSeq);
    const std::string at = "event " + std::to_string(m_eventSeq) + " ('" + e.name + "')";
    if (!stored) {
        if (!m_sealed)
            return true; // the rest of an interrupted import
        refuse(at + " is not in the complete run");
        return false;
    }
    if (stored->first == e.name && stored->second == json)
        return true;
    refuse(at + " differs from the stored one");
    return false;
}

bool RunIngestor::refused()
{
    if (!m_refused && !m_groupWriter.refusal().empty())
        refuse(m_groupWriter.refusal());
    return m_refused;
}

void RunIngestor::refuse(const std::string &why)
{
    if (m_refused)
        return;
    m_refused = true;
    m_report.refused.push_back(
        "run " + std::to_string(m_runId) + " (" + m_runKey + ") was stored " +
        (m_sealed ? std::string("complete") : std::string("from an interrupted import")) +
        " and line " + std::to_string(m_lineNo) + " of this stream differs from it: " + why +
        ". A stored run is never rewritten: the rest of this stream's run was not stored.");
}

// The runner's summary is kept as a witness; the figures and the verdict are the store's own,
// computed from the samples that arrived (run_judge.h).
void RunIngestor::finishRun(const RunFinished &f)
{
    // The samples first: the judge reads every one, the chunks being filled included, and a
    // chunk that differs from a stored one refuses the run before anything else changes.
    m_groupWriter.flush(m_runId);
    if (refused() || m_sealed)
        return; // a complete run is as it was stored (this stream matched it, or was refused)
    RunWrites(m_store).finish(m_runId, f.status, f.error, f.finishedAt, f.summary.finite,
                              dumpJson(f.summaryJson));
    judgeStoredRun(m_store, m_runId);
}

// A run that never saw run_finished keeps every sample and is judged on them (it is never valid
// evidence: the policy requires a complete run).
void RunIngestor::closeOpenRun(const std::string &error, const std::string &finalStatus)
{
    if (m_runId == 0 || m_runFinished)
        return;
    m_groupWriter.begin();
    m_groupWriter.flush(m_runId);
    const long long id = m_runId;
    const bool keep = refused() || m_sealed;
    m_runId = 0;
    m_groupWriter.forgetPhases();
    if (keep)
        return; // a refused or complete run is left as it was stored
    if (auto existing = m_store.run(id); !existing || existing->complete)
        return; // never downgrade a run that a fuller stream already completed
    RunWrites(m_store).markIncomplete(id, finalStatus, error);
    judgeStoredRun(m_store, id);
}

} // namespace tp
