// The canonical evidence document a decision rests on and its SHA-256 (evaluateReview, which puts
// together everything a review shows, is model/session/evaluate_review.cpp).
#include "review.h"

#include "model/evidence/evidence_reader.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>

#include <algorithm>
#include <set>

namespace tp
{
using nlohmann::json;

namespace
{

// Stored JSON text as a value; text that is not JSON is kept as a string, never dropped.
json parsedOrText(const std::string &text)
{
    json j = json::parse(text, nullptr, false);
    return j.is_discarded() ? json(text) : j;
}

json optionalBool(const std::optional<bool> &b)
{
    return b ? json(*b) : json();
}

// One run as evidence: what identifies it and everything a verdict could depend on. imported_at
// and queued_at are left out on purpose: re-importing the same stream must not change the hash.
json runEvidence(const RunRecord &r)
{
    return {{"id", r.id},
            {"execution_key", r.executionKey},
            {"run_key", r.runKey},
            {"workload", r.workload},
            {"mode", r.mode},
            {"dtype", r.dtype},
            {"device", r.device},
            {"target", r.target},
            {"status", r.status},
            {"complete", r.complete},
            {"error", r.error},
            {"valid", optionalBool(r.valid)},
            {"validity_reasons", parsedOrText(r.validityReasonsJson)},
            {"precision_verdict", r.precisionVerdict},
            {"sample_count", r.sampleCount},
            {"summary", parsedOrText(r.summaryJson)},             // the runner's (witness)
            {"validity_policy", r.validityPolicy},                // what the store judged by
            {"store_summary", parsedOrText(r.storeSummaryJson)}}; // the store's own figures
}

} // namespace

json reviewInputsToJson(const ReviewInputs &inputs)
{
    return {
        {"baseline_cost", inputs.baselineCost ? costModelToJson(*inputs.baselineCost) : json()},
        {"candidate_cost", inputs.candidateCost ? costModelToJson(*inputs.candidateCost) : json()},
        {"rollback_path", inputs.rollbackPath}};
}

json evidenceDocument(const GateReport &report, const ReviewInputs &inputs,
                      const EvidenceReader &evidence, const PilotDefinition *pilot)
{
    std::set<long long> runIds(report.baselineRuns.begin(), report.baselineRuns.end());
    runIds.insert(report.candidateRuns.begin(), report.candidateRuns.end());
    json gates = json::array();
    for (const GateResult &g : report.gates) {
        json criteria = json::array();
        for (const CriterionResult &c : g.criteria) {
            std::vector<long long> ids = c.runIds;
            std::sort(ids.begin(), ids.end());
            ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
            runIds.insert(ids.begin(), ids.end());
            criteria.push_back({{"id", c.id},
                                {"verdict", verdictName(c.verdict)},
                                {"detail", c.detail},
                                {"runs", ids}});
        }
        gates.push_back(
            {{"id", g.id}, {"verdict", verdictName(g.verdict)}, {"criteria", criteria}});
    }
    json runs = json::array();
    if (!runIds.empty()) {
        RunSelection sel;
        sel.runIds.assign(runIds.begin(), runIds.end());
        for (const RunRecord &r : evidence.listRuns(sel)) // ordered by id
            runs.push_back(runEvidence(r));
    }
    return {{"format", 1},
            {"definitions", report.definitions},
            {"decision", decisionName(report.decision)},
            {"inputs", reviewInputsToJson(inputs)},
            {"gates", gates},
            {"baseline_runs", report.baselineRuns},
            {"candidate_runs", report.candidateRuns},
            {"excluded_invalid_runs", report.excludedInvalidRuns},
            {"runs", runs},
            {"pilot", pilot ? pilotToJson(*pilot) : json()}};
}

std::string sha256Hex(const std::string &bytes)
{
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int size = 0;
    if (EVP_Digest(bytes.data(), bytes.size(), digest, &size, EVP_sha256(), nullptr) != 1)
        throw std::runtime_error("SHA-256 failed (OpenSSL EVP_Digest)");
    // Free this thread's OpenSSL state now (OpenSSL allocates it again if needed). Left to thread
    // exit, a worker joined by QThread::wait() may still be running its TLS destructors when
    // exit() runs OpenSSL's atexit cleanup: its 904-byte ERR_STATE then leaks (LSan, about 1 run
    // in 20 of a pool that hashed and was joined just before exit).
    OPENSSL_thread_stop();
    static const char *hex = "0123456789abcdef";
    std::string out;
    out.reserve(static_cast<std::size_t>(size) * 2);
    for (unsigned int i = 0; i < size; ++i) {
        out += hex[digest[i] >> 4];
        out += hex[digest[i] & 0xf];
    }
    return out;
}

std::string canonicalDump(const json &evidence)
{
    // Invalid UTF-8 (say, in a run's error text) is replaced rather than thrown on.
    return evidence.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string evidenceHash(const json &evidence)
{
    return sha256Hex(canonicalDump(evidence));
}

} // namespace tp
