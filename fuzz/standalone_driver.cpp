// main() for a libFuzzer-style target built without libFuzzer (g++): replays every file named,
// then, with -max_total_time=S, mutates them (bytes flipped, inserted, removed; lines duplicated,
// dropped, swapped, spliced from another input) with a seeded generator until S seconds have
// passed. A crash aborts like under libFuzzer; the input being run is written first to
// -artifact_prefix + "current" so that it can be replayed. Prints the number of inputs run.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv);
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size);
// Optional: what the target set up in LLVMFuzzerInitialize, torn down before main returns (a
// target that keeps a QApplication deletes it here, while every library is still there).
extern "C" __attribute__((weak)) void TPFuzzerCleanup();

namespace
{

std::string readFile(const std::filesystem::path &p, std::size_t maxLen)
{
    std::ifstream in(p, std::ios::binary);
    std::string s((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (s.size() > maxLen)
        s.resize(maxLen);
    return s;
}

std::string mutate(std::string s, const std::vector<std::string> &pool, std::mt19937_64 &rng)
{
    auto pick = [&](std::size_t n) { return n ? std::size_t(rng() % n) : 0; };
    const int rounds = 1 + int(rng() % 4);
    for (int r = 0; r < rounds; ++r) {
        std::vector<std::size_t> lines{0};
        for (std::size_t i = 0; i < s.size(); ++i)
            if (s[i] == '\n')
                lines.push_back(i + 1);
        const std::size_t a = lines[pick(lines.size())], b = lines[pick(lines.size())];
        switch (rng() % 7) {
        case 0: // a byte flipped
            if (!s.empty())
                s[pick(s.size())] ^= char(1u << (rng() % 8));
            break;
        case 1: // interesting bytes inserted
        {
            static const char *bits[] = {
                "1e308",    "-1", "5e-324", "\xff", "\xc3",    "9223372036854775807",
                "[[[[[[[[", "\"", "\n",     "null", "\\u0000", "1e400"};
            s.insert(pick(s.size() + 1), bits[rng() % (sizeof bits / sizeof *bits)]);
            break;
        }
        case 2: // a range removed
            if (!s.empty()) {
                const std::size_t at = pick(s.size());
                s.erase(at, 1 + pick(std::min<std::size_t>(64, s.size() - at)));
            }
            break;
        case 3: // a line duplicated
        {
            const std::size_t end = s.find('\n', a);
            s.insert(b, s.substr(a, end == std::string::npos ? std::string::npos : end - a + 1));
            break;
        }
        case 4: // a line dropped
        {
            const std::size_t end = s.find('\n', a);
            s.erase(a, end == std::string::npos ? std::string::npos : end - a + 1);
            break;
        }
        case 5: // spliced with another input
            if (!pool.empty()) {
                const std::string &o = pool[pick(pool.size())];
                s = s.substr(0, a) + o.substr(pick(o.size() + 1));
            }
            break;
        default: // a digit changed
            for (std::size_t i = pick(s.size() + 1); i < s.size(); ++i)
                if (s[i] >= '0' && s[i] <= '9') {
                    s[i] = char('0' + rng() % 10);
                    break;
                }
        }
    }
    return s;
}

} // namespace

int main(int argc, char **argv)
{
    double seconds = 0;
    std::size_t maxLen = 1 << 20;
    std::string artifacts = "./";
    std::vector<std::string> inputs;
    std::vector<char *> rest{argv[0]};
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a.rfind("-max_total_time=", 0) == 0)
            seconds = std::stod(a.substr(16));
        else if (a.rfind("-max_len=", 0) == 0)
            maxLen = std::stoul(a.substr(9));
        else if (a.rfind("-artifact_prefix=", 0) == 0)
            artifacts = a.substr(17);
        else if (!a.empty() && a[0] == '-')
            continue; // another libFuzzer flag: ignored
        else if (std::filesystem::is_directory(a))
            for (const auto &e : std::filesystem::directory_iterator(a)) {
                if (e.is_regular_file())
                    inputs.push_back(readFile(e.path(), maxLen));
            }
        else
            inputs.push_back(readFile(a, maxLen));
    }
    int restc = int(rest.size());
    char **restv = rest.data();
    LLVMFuzzerInitialize(&restc, &restv);
    long long runs = 0;
    auto run = [&](const std::string &input) {
        std::ofstream(artifacts + "current", std::ios::binary | std::ios::trunc) << input;
        LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t *>(input.data()), input.size());
        ++runs;
    };
    // With a time limit the inputs are replayed in a seeded random order until it is reached (a
    // grown corpus may hold more than the time allows), then mutated.
    const auto start = std::chrono::steady_clock::now();
    auto timeLeft = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() <
               seconds;
    };
    std::mt19937_64 rng(20261207);
    if (seconds > 0)
        std::shuffle(inputs.begin(), inputs.end(), rng);
    for (const std::string &input : inputs) {
        if (seconds > 0 && !timeLeft())
            break;
        run(input);
    }
    while (seconds > 0 && timeLeft()) {
        const std::string seed = inputs.empty() ? std::string() : inputs[rng() % inputs.size()];
        std::string m = mutate(seed, inputs, rng);
        if (m.size() > maxLen)
            m.resize(maxLen);
        run(m);
    }
    std::remove((artifacts + "current").c_str());
    if (TPFuzzerCleanup)
        TPFuzzerCleanup();
    std::printf("Done %lld runs\n", runs);
    return 0;
}
