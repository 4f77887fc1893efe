#include "cost.h"

#include "model/contract/contract.h"
#include "model/contract/json_file.h"
#include "model/judge/quality_contract.h"

#include <cmath>

namespace tp
{
using nlohmann::json;

namespace
{

double field(const json &j, const char *key, double fallback, double max, const std::string &where)
{
    auto it = j.find(key);
    if (it == j.end())
        return fallback;
    if (!it->is_number() || it->get<double>() < 0 || it->get<double>() > max)
        throw CostError(where + ": field '" + key + "' must be a number between 0 and " +
                        (max >= 1e15 ? std::string("1e15") : std::to_string(max)));
    return it->get<double>();
}

// A finite, non-negative number stored under `key` in a runner's summary, else 0 (a runner's
// "not available" or a hostile value never reaches the cost).
double seconds(const json &summary, const char *key)
{
    auto it = summary.find(key);
    if (it == summary.end() || !it->is_number())
        return 0.0;
    const double v = it->get<double>();
    return std::isfinite(v) && v > 0 ? v : 0.0;
}

// A run's compilation time. Since compile_method (kCompileMethod) compile_seconds is the first
// call's excess over the steady median, plus what TorchScript prepared before it; runs stored
// before timed the compile wrapper, so their first call's excess over the mean is added.
double compileSecondsOf(const RunRecord &r, const json &s)
{
    const auto method = s.find("compile_method");
    if (method != s.end() && *method == kCompileMethod)
        return seconds(s, "compile_seconds") + seconds(s, "script_compile_seconds");
    double compile = seconds(s, "compile_seconds");
    if (r.firstCallSeconds && r.meanBatchSeconds && *r.firstCallSeconds > *r.meanBatchSeconds)
        compile += *r.firstCallSeconds - *r.meanBatchSeconds;
    return compile;
}

} // namespace

CostModel parseCostModel(const json &j, const std::string &origin)
{
    if (!j.is_object())
        throw CostError(origin + ": a cost model must be a JSON object");
    CostModel m;
    if (auto n = j.find("name"); n != j.end()) {
        if (!n->is_string() || n->get<std::string>().empty())
            throw CostError(origin + ": field 'name' must be a non-empty string");
        m.name = n->get<std::string>();
    }
    const std::string where = origin + " (" + m.name + ")";
    if (auto c = j.find("currency"); c != j.end()) {
        if (!c->is_string() || c->get<std::string>().size() > 8)
            throw CostError(where + ": field 'currency' must be a short string such as \"USD\"");
        m.currency = c->get<std::string>();
    }
    constexpr double big = 1e15;
    m.acceleratorPerHour = field(j, "accelerator_per_hour", 0, big, where);
    m.hostPerHour = field(j, "host_per_hour", 0, big, where);
    m.storagePerHour = field(j, "storage_per_hour", 0, big, where);
    m.networkPerHour = field(j, "network_per_hour", 0, big, where);
    m.observabilityPerHour = field(j, "observability_per_hour", 0, big, where);
    m.preparationHours = field(j, "preparation_hours", 0, big, where);
    m.idleHours = field(j, "idle_hours", 0, big, where);
    if (auto s = j.find("spot"); s != j.end()) {
        if (!s->is_object())
            throw CostError(where + ": field 'spot' must be an object");
        if (auto e = s->find("enabled"); e != s->end() && !e->is_boolean())
            throw CostError(where + " spot: field 'enabled' must be true or false");
        m.spot = s->value("enabled", true);
        m.spotDiscount = field(*s, "discount", 0, 1, where + " spot");
        m.preemptionsPerHour = field(*s, "preemptions_per_hour", 0, big, where + " spot");
        m.lostWorkHoursPerPreemption = field(*s, "lost_work_hours", 0, big, where + " spot");
        m.resumeHours = field(*s, "resume_hours", 0, big, where + " spot");
    }
    if (auto e = j.find("migration_engineering"); e != j.end()) {
        if (!e->is_object())
            throw CostError(where + ": field 'migration_engineering' must be an object");
        m.migrationEngineeringCost = field(*e, "cost", 0, big, where + " migration_engineering");
        m.amortizeOverResults =
            field(*e, "amortize_over_results", 0, big, where + " migration_engineering");
    }
    return m;
}

json costModelToJson(const CostModel &m)
{
    json j = {
        {"name", m.name},
        {"currency", m.currency},
        {"accelerator_per_hour", m.acceleratorPerHour},
        {"host_per_hour", m.hostPerHour},
        {"storage_per_hour", m.storagePerHour},
        {"network_per_hour", m.networkPerHour},
        {"observability_per_hour", m.observabilityPerHour},
        {"preparation_hours", m.preparationHours},
        {"idle_hours", m.idleHours},
        {"migration_engineering",
         {{"cost", m.migrationEngineeringCost}, {"amortize_over_results", m.amortizeOverResults}}}};
    if (m.spot)
        j["spot"] = {{"enabled", true},
                     {"discount", m.spotDiscount},
                     {"preemptions_per_hour", m.preemptionsPerHour},
                     {"lost_work_hours", m.lostWorkHoursPerPreemption},
                     {"resume_hours", m.resumeHours}};
    return j;
}

std::vector<CostModel> loadCostPresets(const std::string &path)
{
    const json j = readJsonFile<CostError>(path, "cost presets");
    auto presets = j.find("presets");
    if (!j.is_object() || presets == j.end() || !presets->is_array())
        throw CostError(path + ": field 'presets' must be an array of cost models");
    std::vector<CostModel> out;
    for (std::size_t i = 0; i < presets->size(); ++i)
        out.push_back(parseCostModel((*presets)[i], path + ": presets[" + std::to_string(i) + "]"));
    return out;
}

double resultsOf(const RunRecord &r)
{
    // The store's own count of the steady samples (run_judge.h), never the runner's claim; a
    // training run's steps are its training figures.
    const json s = json::parse(r.summaryJson, nullptr, false);
    const json store = json::parse(r.storeSummaryJson, nullptr, false);
    const double batch = static_cast<double>(r.batch);
    if (s.is_object())
        if (auto t = s.find("training"); t != s.end() && t->is_object())
            return batch * t->value("steps", 0.0);
    return store.is_object() ? batch * store.value("steady_iterations", 0.0) : 0.0;
}

CostResult computeCost(const CostModel &m, const std::vector<RunRecord> &runs)
{
    CostResult c;
    for (const RunRecord &r : runs) {
        const double hours = r.wallSeconds.value_or(0) / 3600.0;
        c.runHours += hours;
        const json s = json::parse(r.summaryJson, nullptr, false);
        if (s.is_object())
            c.compilationHours += compileSecondsOf(r, s) / 3600.0;
        if (meetsQualityContract(r)) {
            c.usefulResults += resultsOf(r);
            c.usefulRunIds.push_back(r.id);
        } else {
            c.lostAttemptHours += hours;
            c.lostRunIds.push_back(r.id);
        }
    }
    double hours = c.runHours + m.preparationHours + m.idleHours;
    double priceFactor = 1.0;
    double spotOverheadHours = 0;
    if (m.spot) {
        // Each preemption redoes lost work and waits for the resume; both are billed hours.
        spotOverheadHours =
            hours * m.preemptionsPerHour * (m.lostWorkHoursPerPreemption + m.resumeHours);
        priceFactor = 1.0 - m.spotDiscount;
        c.onDemandCost = hours * m.pricePerHour();
    }
    c.billedHours = hours + spotOverheadHours;
    const double billed = c.billedHours * priceFactor;
    c.breakdown = {{"accelerator", billed * m.acceleratorPerHour},
                   {"host", billed * m.hostPerHour},
                   {"storage", billed * m.storagePerHour},
                   {"network", billed * m.networkPerHour},
                   {"observability", billed * m.observabilityPerHour}};
    for (const auto &line : c.breakdown)
        c.totalCost += line.amount;
    // Informative lines: parts of the total above attributed to where the hours went.
    const double perHour = m.pricePerHour() * priceFactor;
    c.breakdown.push_back({"of which preparation", m.preparationHours * perHour});
    c.breakdown.push_back({"of which idle", m.idleHours * perHour});
    c.breakdown.push_back({"of which compilation", c.compilationHours * perHour});
    c.breakdown.push_back({"of which lost attempts", c.lostAttemptHours * perHour});
    if (m.spot) {
        c.breakdown.push_back({"of which spot overhead", spotOverheadHours * perHour});
        c.spotNetSavings = *c.onDemandCost - c.totalCost;
    }
    if (c.usefulResults > 0)
        c.costPerUsefulResult = c.totalCost / c.usefulResults;
    if (m.amortizeOverResults > 0)
        c.amortizedMigrationPerResult = m.migrationEngineeringCost / m.amortizeOverResults;
    return c;
}

std::vector<SensitivityRow> sensitivity(const CostModel &model, const std::vector<RunRecord> &runs)
{
    std::vector<SensitivityRow> rows;
    const std::pair<const char *, double CostModel::*> components[] = {
        {"accelerator", &CostModel::acceleratorPerHour},
        {"host", &CostModel::hostPerHour},
        {"storage", &CostModel::storagePerHour},
        {"network", &CostModel::networkPerHour},
        {"observability", &CostModel::observabilityPerHour}};
    for (const auto &[name, member] : components) {
        SensitivityRow row{name, {}, {}};
        CostModel low = model, high = model;
        low.*member *= 0.75;
        high.*member *= 1.25;
        row.minus25 = computeCost(low, runs).costPerUsefulResult;
        row.plus25 = computeCost(high, runs).costPerUsefulResult;
        rows.push_back(row);
    }
    SensitivityRow all{"all prices", {}, {}};
    CostModel low = model, high = model;
    for (const auto &[name, member] : components) {
        low.*member *= 0.75;
        high.*member *= 1.25;
    }
    all.minus25 = computeCost(low, runs).costPerUsefulResult;
    all.plus25 = computeCost(high, runs).costPerUsefulResult;
    rows.push_back(all);
    return rows;
}

} // namespace tp
