#pragma once
// PRIVATE to the store's .cpp files (includes SQLiteCpp): reads the current row of a statement
// into struct fields by position, column 0 into the first field, column 1 into the second, and so
// on, each by the field's type: readRow(q, r.id, r.name, r.seconds). The SELECT lists the columns
// in the order of the fields.
#include <SQLiteCpp/Column.h>
#include <SQLiteCpp/Statement.h>

#include "store.h"

#include <SQLiteCpp/Exception.h>
#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace tp::sqlrow
{

// A nullable REAL bound by name: NULL when empty.
// A value, or NULL when it is absent; `at` a parameter's name (":first") or 1-based index.
template <typename Key, typename T>
inline void bindOpt(SQLite::Statement &q, Key at, const std::optional<T> &v)
{
    if (v)
        q.bind(at, *v);
    else
        q.bind(at); // NULL
}

// JSON for a TEXT column: invalid UTF-8 replaced, never thrown.
inline std::string dumpJson(const nlohmann::json &j)
{
    return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// Runs f(), turning a SQLite error into StoreError("cannot <what>: …").
template <class F> auto guarded(const char *what, F &&f) -> decltype(f())
{
    try {
        return f();
    } catch (const SQLite::Exception &e) {
        throw StoreError(std::string("cannot ") + what + ": " + e.what());
    }
}

inline void readColumn(const SQLite::Column &c, long long &v)
{
    v = c.getInt64();
}

inline void readColumn(const SQLite::Column &c, int &v)
{
    v = c.getInt();
}

inline void readColumn(const SQLite::Column &c, double &v)
{
    v = c.getDouble();
}

inline void readColumn(const SQLite::Column &c, std::string &v)
{
    v = c.getString();
}

// NULL: no value.
inline void readColumn(const SQLite::Column &c, std::optional<double> &v)
{
    v = c.isNull() ? std::nullopt : std::optional<double>(c.getDouble());
}

template <class... Fields> void readRow(SQLite::Statement &q, Fields &...fields)
{
    int column = 0;
    (readColumn(q.getColumn(column++), fields), ...); // left to right
}

} // namespace tp::sqlrow
