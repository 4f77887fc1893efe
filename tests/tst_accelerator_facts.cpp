// The accelerator a run recorded, read back (model/analysis/accelerator_facts.h): a TorchTPU
// run's env.tpu_device and summary.tpu_compile as the Python runner writes them, a GPU's name,
// "not available" as empty, and generated hostile values (wrong types, NaN-free but absurd
// numbers, long strings) that must read as empty or capped, never crash.
#include "model/analysis/accelerator_facts.h"

#include <QtTest>

#include <random>

using namespace tp;
using nlohmann::json;

class TestAcceleratorFacts : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void tpuRun();
    void gpuAndNothing();
    void notAvailableIsEmpty();
    void generatedHostileValues();
};

void TestAcceleratorFacts::tpuRun()
{
    const json env = {{"tpu_device",
                       {{"device_name", "TPU v6 lite"},
                        {"total_memory_bytes", 34359738368LL},
                        {"eager_mode", "DEFER_NEVER"},
                        {"optimized_build", true},
                        {"cpu_fallback", false},
                        {"rng_state_in_checkpoints", true},
                        {"xla_flags", "--xla_dump_to=/tmp/x"},
                        {"libtpu_init_args", "not available"}}}};
    const json summary = {{"tpu_compile",
                           {{"compiled_programs_hbm_bytes", 3145728},
                            {"compiled_programs", 2},
                            {"compile_host_memory_peak_bytes", 67108864}}}};
    const AcceleratorFacts f = acceleratorFacts(env, summary);
    QVERIFY(f.tpu);
    QCOMPARE(f.name, std::string("TPU v6 lite"));
    QCOMPARE(f.memoryBytes.value_or(0), 34359738368.0);
    QCOMPARE(f.eagerMode, std::string("DEFER_NEVER"));
    QCOMPARE(f.optimizedBuild, std::optional<bool>(true));
    QCOMPARE(f.cpuFallback, std::optional<bool>(false));
    QCOMPARE(f.rngInCheckpoints, std::optional<bool>(true));
    QCOMPARE(f.xlaFlags, std::string("--xla_dump_to=/tmp/x"));
    QVERIFY(f.libtpuInitArgs.empty());
    QCOMPARE(f.compiledProgramsHbmBytes.value_or(0), 3145728.0);
    QCOMPARE(f.compiledPrograms.value_or(0), 2.0);
    QCOMPARE(f.compileHostPeakBytes.value_or(0), 67108864.0);
}

void TestAcceleratorFacts::gpuAndNothing()
{
    const AcceleratorFacts gpu =
        acceleratorFacts({{"gpu", "NVIDIA H100 80GB HBM3"}}, json::object());
    QVERIFY(!gpu.tpu);
    QCOMPARE(gpu.name, std::string("NVIDIA H100 80GB HBM3"));
    const AcceleratorFacts none = acceleratorFacts(json::object(), json());
    QVERIFY(!none.tpu && none.name.empty() && !none.compiledPrograms);
    QVERIFY(!acceleratorFacts(json::array(), json::array()).tpu);
}

void TestAcceleratorFacts::notAvailableIsEmpty()
{
    const json na = "not available";
    const json env = {{"tpu_device",
                       {{"device_name", na},
                        {"total_memory_bytes", na},
                        {"eager_mode", na},
                        {"optimized_build", na},
                        {"cpu_fallback", na},
                        {"rng_state_in_checkpoints", na}}}};
    const AcceleratorFacts f = acceleratorFacts(
        env, {{"tpu_compile", {{"compiled_programs_hbm_bytes", na}, {"compiled_programs", na}}}});
    QVERIFY(f.tpu);
    QVERIFY(f.name.empty() && !f.memoryBytes && f.eagerMode.empty());
    QVERIFY(!f.optimizedBuild && !f.cpuFallback && !f.rngInCheckpoints);
    QVERIFY(!f.compiledProgramsHbmBytes && !f.compiledPrograms);
}

// Every field gets, over 5 000 seeded draws, a value of any JSON type: the reading keeps only
// the right type within range (strings capped, amounts in [0, 2^60)), whatever arrives.
void TestAcceleratorFacts::generatedHostileValues()
{
    std::mt19937_64 rng(41);
    auto anyValue = [&]() -> json {
        switch (rng() % 9) {
        case 0:
            return json(nullptr);
        case 1:
            return json(rng() % 2 == 0);
        case 2:
            return json(-static_cast<double>(rng() % 1000000));
        case 3:
            return json(1e300 * static_cast<double>(rng() % 7));
        case 4:
            return json(static_cast<double>(rng() % (1ULL << 40)));
        case 5:
            return json(std::string(rng() % 20000, 'x'));
        case 6:
            return json::array({1, 2});
        case 7:
            return json::object({{"a", 1}});
        default:
            return json(static_cast<long long>(rng()));
        }
    };
    const char *tpuKeys[] = {"device_name",     "total_memory_bytes", "eager_mode",
                             "optimized_build", "cpu_fallback",       "rng_state_in_checkpoints",
                             "xla_flags",       "libtpu_init_args"};
    const char *compileKeys[] = {"compiled_programs_hbm_bytes", "compiled_programs",
                                 "compile_host_memory_peak_bytes"};
    for (int i = 0; i < 5000; ++i) {
        json tpu = json::object(), compile = json::object();
        for (const char *k : tpuKeys)
            tpu[k] = anyValue();
        for (const char *k : compileKeys)
            compile[k] = anyValue();
        const json env =
            rng() % 5 == 0 ? anyValue() : json{{"tpu_device", tpu}, {"gpu", anyValue()}};
        const json summary = rng() % 5 == 0 ? anyValue() : json{{"tpu_compile", compile}};
        const AcceleratorFacts f = acceleratorFacts(env, summary);
        QVERIFY(f.name.size() <= 200 && f.eagerMode.size() <= 64);
        QVERIFY(f.xlaFlags.size() <= 4096 && f.libtpuInitArgs.size() <= 4096);
        for (const auto &amount : {f.memoryBytes, f.compiledProgramsHbmBytes, f.compiledPrograms,
                                   f.compileHostPeakBytes})
            QVERIFY(!amount || (*amount >= 0 && *amount <= 1.15e18));
        QVERIFY(!f.memoryBytes || *f.memoryBytes > 0);
    }
}

QTEST_GUILESS_MAIN(TestAcceleratorFacts)
#include "tst_accelerator_facts.moc"
