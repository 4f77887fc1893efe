// What changed between two canonical evidence documents (see evidenceDocument()): the decision,
// the definitions, the reviewers' inputs, each gate and criterion, and each run used as evidence.
#include "review_diff.h"

#include "model/contract/model_text.h"
#include "model/contract/model_texts.h"
#include "model/contract/sound_values.h"

#include <map>

namespace tp
{
using nlohmann::json;

namespace
{

std::string text(const json &v)
{
    if (v.is_null())
        return "none";
    if (v.is_string())
        return v.get<std::string>().empty() ? "none" : v.get<std::string>();
    return v.dump(-1, ' ', false, json::error_handler_t::replace);
}

json field(const json &object, const std::string &key)
{
    if (!object.is_object())
        return json();
    auto it = object.find(key);
    return it == object.end() ? json() : *it;
}

// A verdict or a decision as the evidence document spells it ("pass", "keep"), as a message; a
// value it does not name is shown as it is, and no value as "none".
Message valueOf(const json &v)
{
    static const std::map<std::string, MessageId> named = {
        {"pass", txt::ValuePass},
        {"fail", txt::ValueFail},
        {"insufficient", txt::ValueInsufficient},
        {"migrate", txt::ValueMigrate},
        {"keep", txt::ValueKeep},
        {"inconclusive", txt::ValueInconclusive}};
    if (v.is_null() || (v.is_string() && v.get<std::string>().empty()))
        return txt::ValueNone;
    if (v.is_string())
        if (const auto it = named.find(v.get<std::string>()); it != named.end())
            return it->second;
    return Message::verbatim(text(v));
}

Message as(const std::string &shown)
{
    return Message::verbatim(shown);
}

Message runList(const json &runs)
{
    if (!runs.is_array() || runs.empty())
        return txt::ChangeNoRuns;
    std::string ids;
    for (std::size_t i = 0; i < runs.size(); ++i)
        ids += (i ? "," : "") + text(runs[i]);
    return Message(txt::ChangeRuns, {ids});
}

// The fields of two objects that differ, as "key=value; …" on each side; nested objects (a run's
// summary, a cost model's spot block) are compared one level down as "parent.key".
void fieldDiff(const json &before, const json &after, const std::string &prefix, std::string &b,
               std::string &a)
{
    std::map<std::string, bool> keys;
    for (const json *side : {&before, &after})
        if (side->is_object())
            for (const auto &item : side->items())
                keys[item.key()] = true;
    for (const auto &[key, unused] : keys) {
        const json x = field(before, key), y = field(after, key);
        if (x == y)
            continue;
        if (x.is_object() && y.is_object() && prefix.empty()) {
            fieldDiff(x, y, key + ".", b, a);
            continue;
        }
        b += (b.empty() ? "" : "; ") + prefix + key + "=" + text(x);
        a += (a.empty() ? "" : "; ") + prefix + key + "=" + text(y);
    }
}

std::map<std::string, json> byId(const json &array)
{
    std::map<std::string, json> out;
    if (array.is_array())
        for (const json &item : array)
            out[text(field(item, "id"))] = item;
    return out;
}

std::string inputText(const json &v)
{
    return v.is_object() ? text(field(v, "name")) : text(v);
}

std::string runText(const json &run)
{
    const json valid = field(run, "valid");
    return text(field(run, "execution_key")) + " (" + text(field(run, "status")) + ", " +
           (valid.is_boolean() ? (valid.get<bool>() ? "valid" : "invalid") : "validity unknown") +
           ")";
}

struct Differ {
    std::vector<ReviewChange> out;
    void add(const char *kind, const std::string &subject, Message before, Message after)
    {
        out.push_back({kind, subject, std::move(before), std::move(after)});
    }

    void criteria(const json &before, const json &after)
    {
        const auto old = byId(before);
        for (const json &c : after.is_array() ? after : json::array()) {
            const std::string id = text(field(c, "id"));
            auto it = old.find(id);
            if (it == old.end()) {
                add("criterion", id, txt::ValueNone, valueOf(field(c, "verdict")));
                continue;
            }
            const json &p = it->second;
            const bool verdict = field(p, "verdict") != field(c, "verdict");
            const bool runs = field(p, "runs") != field(c, "runs");
            if (verdict)
                add("criterion", id, valueOf(field(p, "verdict")), valueOf(field(c, "verdict")));
            if (runs)
                add("criterion", id, runList(field(p, "runs")), runList(field(c, "runs")));
            if (!verdict && !runs && field(p, "detail") != field(c, "detail"))
                // A recorded detail is the snapshot's English: shown as it was written.
                add("criterion", id, as(text(field(p, "detail"))), as(text(field(c, "detail"))));
        }
        const auto now = byId(after);
        for (const auto &[id, c] : old)
            if (!now.count(id))
                add("criterion", id, valueOf(field(c, "verdict")), txt::ValueNone);
    }

    void gates(const json &before, const json &after)
    {
        const auto old = byId(before);
        for (const json &g : after.is_array() ? after : json::array()) {
            const std::string id = text(field(g, "id"));
            auto it = old.find(id);
            if (it == old.end()) {
                add("gate", id, txt::ValueNone, valueOf(field(g, "verdict")));
                continue;
            }
            if (field(it->second, "verdict") != field(g, "verdict"))
                add("gate", id, valueOf(field(it->second, "verdict")),
                    valueOf(field(g, "verdict")));
            criteria(field(it->second, "criteria"), field(g, "criteria"));
        }
        const auto now = byId(after);
        for (const json &g : before.is_array() ? before : json::array())
            if (!now.count(text(field(g, "id"))))
                add("gate", text(field(g, "id")), valueOf(field(g, "verdict")), txt::ValueNone);
    }

    void runs(const json &before, const json &after)
    {
        std::map<long long, json> old, now;
        for (auto [side, map] : {std::make_pair(&before, &old), std::make_pair(&after, &now)})
            if (side->is_array())
                for (const json &r : *side)
                    (*map)[field(r, "id").is_number() ? field(r, "id").get<long long>() : 0] = r;
        std::map<long long, bool> ids;
        for (const auto *map : {&old, &now})
            for (const auto &item : *map)
                ids[item.first] = true;
        for (const auto &[id, unused] : ids) {
            const std::string subject = std::to_string(id);
            auto o = old.find(id), n = now.find(id);
            if (o == old.end()) {
                add("run_added", subject, Message(), as(runText(n->second)));
            } else if (n == now.end()) {
                add("run_removed", subject, as(runText(o->second)), Message());
            } else if (o->second != n->second) {
                std::string b, a;
                fieldDiff(o->second, n->second, "", b, a);
                add("run_changed", subject, as(b), as(a));
            }
        }
    }
};

} // namespace

std::vector<ReviewChange> diffEvidence(const json &before, const json &after)
{
    Differ d;
    if (field(before, "decision") != field(after, "decision"))
        d.add("decision", "", valueOf(field(before, "decision")),
              valueOf(field(after, "decision")));
    if (field(before, "definitions") != field(after, "definitions"))
        d.add("definitions", "", as(text(field(before, "definitions"))),
              as(text(field(after, "definitions"))));
    // The pilot (absent from evidence recorded before pilots existed): one change per field.
    const json bp = field(before, "pilot"), ap = field(after, "pilot");
    if (bp != ap) {
        json keys = json::object();
        for (const json *side : {&bp, &ap})
            if (side->is_object())
                for (const auto &[key, unused] : side->items())
                    keys[key] = true;
        for (const auto &[key, unused] : keys.items()) {
            const json x = field(bp, key), y = field(ap, key);
            if (x == y)
                continue;
            std::string b, a;
            if (x.is_object() && y.is_object())
                fieldDiff(x, y, "", b, a);
            else
                b = x.is_null() ? "" : dumpText(x), a = y.is_null() ? "" : dumpText(y);
            d.add("pilot", key, as(b), as(a));
        }
    }
    const json bi = field(before, "inputs"), ai = field(after, "inputs");
    for (const char *key : {"baseline_cost", "candidate_cost", "rollback_path"}) {
        const json x = field(bi, key), y = field(ai, key);
        if (x == y)
            continue;
        if (x.is_object() && y.is_object()) {
            std::string b, a;
            fieldDiff(x, y, "", b, a);
            d.add("inputs", key, as(b), as(a));
        } else {
            d.add("inputs", key, as(inputText(x)), as(inputText(y)));
        }
    }
    d.gates(field(before, "gates"), field(after, "gates"));
    d.runs(field(before, "runs"), field(after, "runs"));
    return d.out;
}

json reviewChangesToJson(const std::vector<ReviewChange> &changes)
{
    json out = json::array();
    for (const ReviewChange &c : changes)
        out.push_back(
            {{"kind", c.kind}, {"subject", c.subject}, {"before", c.before}, {"after", c.after}});
    return out;
}

} // namespace tp
