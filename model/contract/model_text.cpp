#include "model_text.h"

#include "json_file.h"

#include <array>
#include <cstdio>
#include <unordered_map>

namespace tp
{

using nlohmann::json;

namespace
{

struct Entry {
    const char *name;
    const char *templ;
};

constexpr std::array kEntries = {Entry{"Verbatim", "%1"},
#define TP_TEXT_ENTRY(name, text) Entry{#name, text},
                                 TP_MODEL_TEXTS(TP_TEXT_ENTRY)
#undef TP_TEXT_ENTRY
};

const Entry &entry(MessageId id)
{
    const auto i = static_cast<std::size_t>(id);
    return kEntries[i < kEntries.size() ? i : 0];
}

} // namespace

MessageArg::MessageArg(Message message) : m_text(message.english())
{
    if (!message.isVerbatim()) // a verbatim message is its text: one form for each argument
        m_message = std::make_shared<const Message>(std::move(message));
}

MessageArg::MessageArg(MessageId id) : MessageArg(Message(id)) {}

bool MessageArg::operator==(const MessageArg &o) const
{
    if (isMessage() != o.isMessage())
        return false;
    return isMessage() ? *m_message == *o.m_message : m_text == o.m_text;
}

Message::Message(MessageId id, std::vector<MessageArg> args) : m_id(id), m_args(std::move(args))
{
    std::vector<std::string> texts;
    texts.reserve(m_args.size());
    for (const MessageArg &a : m_args)
        texts.push_back(a.text());
    m_english = fillTemplate(entry(m_id).templ, texts);
}

Message Message::verbatim(std::string text)
{
    if (text.empty())
        return {}; // one form for no sentence
    return Message(MessageId::Verbatim, {MessageArg(std::move(text))});
}

Message Message::joined(std::vector<Message> parts)
{
    std::vector<Message> kept; // flat: a joined part's own parts are spliced in
    for (Message &p : parts) {
        if (p.empty())
            continue;
        if (p.m_parts.empty())
            kept.push_back(std::move(p));
        else
            for (Message &q : p.m_parts)
                kept.push_back(std::move(q));
    }
    if (kept.size() == 1)
        return std::move(kept.front());
    Message out;
    for (const Message &p : kept)
        out.m_english += (out.m_english.empty() ? "" : "; ") + p.english();
    out.m_parts = std::move(kept);
    return out;
}

bool Message::operator==(const Message &o) const
{
    return m_id == o.m_id && m_english == o.m_english && m_args == o.m_args && m_parts == o.m_parts;
}

Message joinParts(std::vector<Message> parts)
{
    return Message::joined(std::move(parts));
}

std::vector<std::string> englishOf(const std::vector<Message> &messages)
{
    std::vector<std::string> out;
    out.reserve(messages.size());
    for (const Message &m : messages)
        out.push_back(m.english());
    return out;
}

const char *messageTemplate(MessageId id)
{
    return entry(id).templ;
}

const char *messageName(MessageId id)
{
    return entry(id).name;
}

std::optional<MessageId> messageIdNamed(std::string_view name)
{
    static const std::unordered_map<std::string_view, MessageId> byName = [] {
        std::unordered_map<std::string_view, MessageId> out;
        for (std::size_t i = 1; i < kEntries.size(); ++i)
            out.emplace(kEntries[i].name, static_cast<MessageId>(i));
        return out;
    }();
    const auto it = byName.find(name);
    return it == byName.end() ? std::nullopt : std::optional<MessageId>(it->second);
}

const std::vector<MessageId> &messageCatalog()
{
    static const std::vector<MessageId> catalog = {
#define TP_TEXT_ID_ENTRY(name, text) MessageId::name,
        TP_MODEL_TEXTS(TP_TEXT_ID_ENTRY)
#undef TP_TEXT_ID_ENTRY
    };
    return catalog;
}

std::string fillTemplate(std::string_view templ, const std::vector<std::string> &args)
{
    std::string out;
    out.reserve(templ.size() + 16);
    for (std::size_t i = 0; i < templ.size(); ++i) {
        const char c = templ[i];
        if (c == '%' && i + 1 < templ.size() && templ[i + 1] >= '1' && templ[i + 1] <= '9') {
            const auto n = static_cast<std::size_t>(templ[i + 1] - '1');
            if (n < args.size()) {
                out += args[n];
                ++i;
                continue;
            }
        }
        out += c;
    }
    return out;
}

std::string fixedDecimals(double v, int decimals)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

std::string textNumber(double v, int significant)
{
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.*g", significant, v);
    return buf;
}

void to_json(json &j, const Message &m)
{
    j = m.english();
}

json toJson(const Message &m)
{
    if (!m.parts().empty()) {
        json out = json::array();
        for (const Message &p : m.parts())
            out.push_back(toJson(p));
        return out;
    }
    if (m.isVerbatim())
        return m.english();
    json args = json::array();
    for (const MessageArg &a : m.args())
        args.push_back(a.isMessage() ? toJson(a.message()) : json(a.text()));
    return {{"id", messageName(m.id())}, {"args", std::move(args)}};
}

std::optional<Message> messageFromJson(const json &j, int depth)
{
    if (depth > kMaxMessageDepth)
        return std::nullopt;
    if (j.is_string())
        return Message::verbatim(j.get<std::string>());
    if (j.is_array()) {
        std::vector<Message> parts;
        for (const json &p : j) {
            std::optional<Message> m = messageFromJson(p, depth + 1);
            if (!m || !m->parts().empty())
                return std::nullopt;
            parts.push_back(std::move(*m));
        }
        return Message::joined(std::move(parts));
    }
    if (!j.is_object() || j.size() != 2)
        return std::nullopt;
    const auto id = j.find("id");
    const auto args = j.find("args");
    if (id == j.end() || args == j.end() || !id->is_string() || !args->is_array() ||
        args->size() > 9)
        return std::nullopt;
    const std::optional<MessageId> known = messageIdNamed(id->get_ref<const std::string &>());
    if (!known)
        return std::nullopt;
    std::vector<MessageArg> out;
    for (const json &a : *args) {
        if (a.is_string()) {
            out.emplace_back(a.get<std::string>());
            continue;
        }
        std::optional<Message> nested = messageFromJson(a, depth + 1);
        if (!nested)
            return std::nullopt;
        out.emplace_back(std::move(*nested));
    }
    return Message(*known, std::move(out));
}

std::string messagesJson(const std::vector<Message> &messages)
{
    json out = json::array();
    for (const Message &m : messages)
        out.push_back(toJson(m));
    return out.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::optional<std::vector<Message>> messagesFromJson(std::string_view text)
{
    if (text.empty() || jsonNestsDeeperThan(text, kMaxMessageDepth + 2))
        return std::nullopt;
    const json j = json::parse(text, nullptr, false);
    if (!j.is_array())
        return std::nullopt;
    std::vector<Message> out;
    for (const json &m : j) {
        std::optional<Message> one = messageFromJson(m, 1);
        if (!one)
            return std::nullopt;
        out.push_back(std::move(*one));
    }
    return out;
}

std::vector<Message> verbatimMessages(std::string_view jsonArray)
{
    if (jsonArray.empty())
        return {};
    const json j = jsonNestsDeeperThan(jsonArray, 4) ? json(json::value_t::discarded)
                                                     : json::parse(jsonArray, nullptr, false);
    if (!j.is_array())
        return {Message::verbatim(std::string(jsonArray))};
    std::vector<Message> out;
    for (const json &v : j)
        out.push_back(Message::verbatim(
            v.is_string() ? v.get<std::string>()
                          : v.dump(-1, ' ', false, json::error_handler_t::replace)));
    return out;
}

} // namespace tp
