#pragma once
// The article's cost model: cost per useful result = total cost attributed to the execution /
// results that meet the quality contract. Attributed cost covers accelerator, host, storage,
// network and observability hours over the measured runs, plus preparation, compilation (inside
// the runs' wall time, shown separately), idle time and the hours of lost attempts; Spot pricing
// is judged by net savings after lost work and resume time; migration engineering is amortized
// on its own line, never mixed into the running cost. No Qt, no SQL.
#include "model/evidence/run_record.h"
#include "model/judge/quality_contract.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace tp
{

class CostError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

struct CostModel {
    std::string name = "custom";
    std::string currency = "USD";
    // Prices per hour of execution.
    double acceleratorPerHour = 0, hostPerHour = 0, storagePerHour = 0, networkPerHour = 0,
           observabilityPerHour = 0;
    // Hours billed besides the runs themselves.
    double preparationHours = 0, idleHours = 0;
    // Spot / preemptible capacity.
    bool spot = false;
    double spotDiscount = 0;       // fraction off the on-demand price, 0..1
    double preemptionsPerHour = 0; // expected preemptions per hour of execution
    double lostWorkHoursPerPreemption =
        0;                  // work redone after a preemption (half a checkpoint interval)
    double resumeHours = 0; // time to resume after a preemption
    // Migration engineering, amortized separately over this many useful results.
    double migrationEngineeringCost = 0;
    double amortizeOverResults = 0;

    double pricePerHour() const
    {
        return acceleratorPerHour + hostPerHour + storagePerHour + networkPerHour +
               observabilityPerHour;
    }
};

CostModel parseCostModel(const nlohmann::json &j, const std::string &origin);
nlohmann::json costModelToJson(const CostModel &m);
// A presets file holds {"presets": [cost model, …]}.
std::vector<CostModel> loadCostPresets(const std::string &path);

struct CostLine {
    std::string component; // accelerator, host, …, preparation, idle, lost attempts, spot overhead
    double amount = 0;
};

struct CostResult {
    double runHours = 0;         // wall time of every run, failed ones included
    double lostAttemptHours = 0; // wall time of runs that produced no useful result
    double compilationHours = 0; // compile + (first call − steady mean), inside runHours
    double billedHours = 0;      // runs + preparation + idle (+ spot overhead)
    double totalCost = 0;
    double usefulResults = 0; // samples produced by runs meeting the quality contract
    std::optional<double> costPerUsefulResult; // empty when there is no useful result
    std::optional<double> amortizedMigrationPerResult;
    std::vector<CostLine> breakdown;
    std::vector<long long> usefulRunIds, lostRunIds;
    // Spot: on-demand cost of the same work and the net saving after lost work and resume time.
    std::optional<double> onDemandCost, spotNetSavings;
};

// Samples a run produced in steady state (batch × steady iterations), from its summary.
double resultsOf(const RunRecord &r);

CostResult computeCost(const CostModel &model, const std::vector<RunRecord> &runs);

struct SensitivityRow {
    std::string component;
    std::optional<double> minus25, plus25; // cost per useful result with that price ±25 %
};
std::vector<SensitivityRow> sensitivity(const CostModel &model, const std::vector<RunRecord> &runs);

} // namespace tp
