#pragma once
// Sentences the model writes for people — criterion details, validity reasons, panel notes, the
// default pilot's side labels — as typed values: a Message is a catalog identifier (model_texts.h)
// and its arguments, each a value shown as it is (a name, a number) or a message of its own. The
// model never hands people a string it made: ui/ and the CLI render a Message in the user's
// language (frontend/model_text_tr.h: the identifier's English template through Qt's tr(), context
// "tp::ModelText", filled with the arguments, nested messages rendered the same way). english()
// is the same sentence in English, for JSON, the evidence hash and the database's text columns.
// Text the model did not make (a user's label, a runner's own words, a sentence stored by an
// older version) is a verbatim message: shown as it is, never read back for a template.
//
// Stored messages (toJson/messageFromJson) are hostile input when read back: an unknown
// identifier, a wrong shape or more than kMaxMessageDepth levels of nesting give nullopt, and the
// caller shows the English stored beside them instead. No Qt.
#include "model_texts.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tp
{

class Message;

// One argument of a message: a value shown as it is, or a message rendered in the same language.
class MessageArg
{
public:
    MessageArg(std::string text) : m_text(std::move(text)) {} // NOLINT(google-explicit-constructor)
    MessageArg(const char *text) : m_text(text) {}            // NOLINT(google-explicit-constructor)
    MessageArg(Message message);                              // NOLINT(google-explicit-constructor)
    MessageArg(MessageId id);                                 // NOLINT(google-explicit-constructor)

    bool isMessage() const { return m_message != nullptr; }
    const std::string &text() const { return m_text; } // a message argument: its English
    const Message &message() const { return *m_message; }
    bool operator==(const MessageArg &o) const;

private:
    std::string m_text;
    std::shared_ptr<const Message> m_message;
};

class Message
{
public:
    Message() = default;                                      // no sentence: empty()
    Message(MessageId id, std::vector<MessageArg> args = {}); // NOLINT(google-explicit-constructor)
    // Text the model did not make: shown as it is in every language.
    static Message verbatim(std::string text);
    // Sentences read one after the other ("a; b" in English); empty parts are left out, a joined
    // part's own parts are spliced in (one flat list), and one part is that part itself.
    static Message joined(std::vector<Message> parts);

    MessageId id() const { return m_id; }
    const std::vector<MessageArg> &args() const { return m_args; }
    const std::vector<Message> &parts() const { return m_parts; } // non-empty: a joined message
    bool isVerbatim() const { return m_id == MessageId::Verbatim && m_parts.empty(); }
    bool empty() const { return m_english.empty(); }
    const std::string &english() const { return m_english; }
    bool operator==(const Message &o) const;
    bool operator!=(const Message &o) const { return !(*this == o); }

private:
    MessageId m_id = MessageId::Verbatim;
    std::vector<MessageArg> m_args;
    std::vector<Message> m_parts;
    std::string m_english;
};

// Messages one after the other as one (Message::joined).
Message joinParts(std::vector<Message> parts);
// Each message's English (JSON, the database's text columns).
std::vector<std::string> englishOf(const std::vector<Message> &messages);

// The English template of an identifier ("%1" for Verbatim), its stored name ("CriterionCost"),
// and the identifier a stored name stands for.
const char *messageTemplate(MessageId id);
const char *messageName(MessageId id);
std::optional<MessageId> messageIdNamed(std::string_view name);
// Every identifier of the catalog, in catalog order (Verbatim not included).
const std::vector<MessageId> &messageCatalog();

// `templ` with %1…%9 replaced by `args` in one pass (an argument's own "%2" stays as it is); a
// placeholder without an argument stays too.
std::string fillTemplate(std::string_view templ, const std::vector<std::string> &args);

// A number as model sentences write it: `significant` digits, "%g" style ("0.0012", "1.5e+06").
std::string textNumber(double v, int significant = 4);
// A number with a fixed count of decimals ("%.6f"), as the validity and precision reasons have
// always written it.
std::string fixedDecimals(double v, int decimals);

// Stored form: a verbatim message is its JSON string; a catalog message {"id": name, "args":
// [...]} (an argument a string or a stored message); a joined one an array of messages.
inline constexpr int kMaxMessageDepth = 8;
// A message in a JSON document people or scripts read (an export, the evidence document): its
// English. nlohmann finds it by ADL, so {"detail", result.detail} writes the sentence.
void to_json(nlohmann::json &j, const Message &m);
nlohmann::json toJson(const Message &m);
std::optional<Message> messageFromJson(const nlohmann::json &j, int depth = 0);
// A list of messages (a run's validity reasons) as a JSON array text, and back: nullopt when the
// text is not such an array.
std::string messagesJson(const std::vector<Message> &messages);
std::optional<std::vector<Message>> messagesFromJson(std::string_view text);
// English strings (a JSON array of them, as the validity_reasons column holds) as verbatim
// messages; text that is not such an array is one verbatim message, and "[]" none.
std::vector<Message> verbatimMessages(std::string_view jsonArray);

} // namespace tp
