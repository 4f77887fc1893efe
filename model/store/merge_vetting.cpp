#include "merge_vetting.h"
#include "store_connection.h"

#include "model/contract/contract.h"
#include "model/contract/output_file.h"
#include "model/contract/sound_values.h"
#include "model/samples/sample_codec.h"
#include "schema.h"
#include "store.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <sqlite3.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <memory>
#include <set>
#include <string_view>
#include <sys/stat.h>
#include <unistd.h>

namespace tp
{

namespace
{

std::string quoted(const std::string &path)
{
    return "'" + path + "'";
}

const char *const kNothingMerged = "; nothing was merged";

struct Fd {
    int fd = -1;
    ~Fd()
    {
        if (fd >= 0)
            ::close(fd);
    }
};

constexpr std::string_view kCopyPrefix = ".torchpilot-merge-";

// A temporary file created with O_EXCL in `dir` (mkstemp: mode 0600); -1 when it cannot be. Its
// name holds our pid, so a later merge can tell a copy left by a killed one.
int createIn(const std::filesystem::path &dir, std::string &path)
{
    std::string name =
        (dir / (std::string(kCopyPrefix) + std::to_string(::getpid()) + "-XXXXXX")).string();
    const int fd = ::mkostemp(name.data(), O_CLOEXEC);
    if (fd >= 0)
        path = name;
    return fd;
}

// Each statement on the vetting connection: prepared, stepped through fn(row), finalised; a
// SQLite error throws StoreError naming the file.
template <class F> void eachRow(sqlite3 *db, const std::string &sql, const std::string &what, F fn)
{
    sqlite3_stmt *st = nullptr;
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &st, nullptr) != SQLITE_OK)
        throw StoreError(what + " cannot be read as a TorchPilot database (" + sqlite3_errmsg(db) +
                         ")" + kNothingMerged);
    std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt *)> guard(st, sqlite3_finalize);
    int rc = SQLITE_ROW;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
        fn(st);
    if (rc != SQLITE_DONE)
        throw StoreError(what +
                         ((rc & 0xff) == SQLITE_CORRUPT ? " is damaged (" : " cannot be read (") +
                         sqlite3_errmsg(db) + ")" + kNothingMerged);
}

long long integer(sqlite3 *db, const std::string &sql, const std::string &what)
{
    long long v = 0;
    eachRow(db, sql, what, [&](sqlite3_stmt *st) { v = sqlite3_column_int64(st, 0); });
    return v;
}

std::string text(sqlite3_stmt *st, int column)
{
    const auto *p = reinterpret_cast<const char *>(sqlite3_column_text(st, column));
    return p ? std::string(p, std::size_t(sqlite3_column_bytes(st, column))) : std::string();
}

std::string sqlName(const std::string &name)
{
    std::string q = "\"";
    for (char c : name)
        q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
}

struct Column {
    std::string name, type;
    bool notNull = false;
};

std::vector<Column> columnsOf(sqlite3 *db, const std::string &table, const std::string &what)
{
    std::vector<Column> out;
    eachRow(db, "SELECT name, type, \"notnull\" FROM pragma_table_info(" + sqlName(table) + ")",
            what, [&](sqlite3_stmt *st) {
                out.push_back({text(st, 0), text(st, 1), sqlite3_column_int(st, 2) != 0});
            });
    return out;
}

// Objects SQLite would run or that stand for something else: views, triggers, virtual tables and
// their shadow tables.
void refuseActiveObjects(sqlite3 *db, const std::string &what)
{
    std::string found;
    auto add = [&](const std::string &type, const std::string &name) {
        found += (found.empty() ? "" : ", ") + type + " " + quoted(name);
    };
    eachRow(db,
            "SELECT type, name FROM pragma_table_list WHERE schema = 'main' AND type <> 'table' "
            "ORDER BY name",
            what, [&](sqlite3_stmt *st) { add(text(st, 0), text(st, 1)); });
    eachRow(db, "SELECT name FROM sqlite_schema WHERE type = 'trigger' ORDER BY name", what,
            [&](sqlite3_stmt *st) { add("trigger", text(st, 0)); });
    if (!found.empty())
        throw StoreError(what + " holds " + found +
                         ", which TorchPilot never creates: it is not merged (nothing of it was "
                         "run)");
}

// Every value of the type its column declares (NULL only where the column allows it): SQLite
// stores whatever it is given, and a count that is text would read as 0.
void checkTypes(sqlite3 *db, const std::string &table, const std::vector<Column> &columns,
                const std::string &what)
{
    for (const Column &c : columns) {
        std::string allowed = c.type == "INTEGER" ? "'integer'"
                              : c.type == "REAL"  ? "'real', 'integer'"
                              : c.type == "TEXT"  ? "'text'"
                              : c.type == "BLOB"  ? "'blob'"
                                                  : "";
        if (allowed.empty())
            continue;
        if (!c.notNull)
            allowed += ", 'null'";
        eachRow(db,
                "SELECT typeof(" + sqlName(c.name) + "), count(*) FROM " + sqlName(table) +
                    " WHERE typeof(" + sqlName(c.name) + ") NOT IN (" + allowed + ") GROUP BY 1",
                what, [&](sqlite3_stmt *st) {
                    throw StoreError(what + ": " + table + "." + c.name + " is " + text(st, 0) +
                                     " in " + std::to_string(sqlite3_column_int64(st, 1)) +
                                     " row(s), where TorchPilot stores " + c.type + kNothingMerged);
                });
    }
}

// A double as SQL text that reads back as the same double.
std::string sqlReal(double v)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.17g", v);
    return text;
}

// Every text valid UTF-8, every real finite, every duration in its physical range (threat model
// I2): what our own ingest would have stored. A value out of it refuses the merge.
void checkSound(sqlite3 *db, const std::string &table, const std::vector<Column> &columns,
                const std::string &what)
{
    for (const Column &c : columns) {
        const std::string col = sqlName(c.name),
                          where = what + ": a value of " + table + "." + c.name;
        if (c.type == "TEXT") {
            eachRow(
                db,
                "SELECT " + col + " FROM " + sqlName(table) + " WHERE typeof(" + col + ") = 'text'",
                what, [&](sqlite3_stmt *st) {
                    const auto *p = static_cast<const char *>(sqlite3_column_blob(st, 0));
                    if (!isValidUtf8(
                            std::string_view(p ? p : "", std::size_t(sqlite3_column_bytes(st, 0)))))
                        throw StoreError(where + " is text that is not UTF-8" + kNothingMerged);
                });
        } else if (c.type == "REAL") {
            const bool duration =
                c.name.size() >= 7 && c.name.compare(c.name.size() - 7, 7, "seconds") == 0;
            eachRow(db,
                    "SELECT " + col + " FROM " + sqlName(table) + " WHERE typeof(" + col +
                        ") = 'real' AND (abs(" + col + ") > 1.7976931348623157e308" +
                        (duration ? " OR NOT (" + col + " = 0 OR (" + col +
                                        " >= " + sqlReal(physical::kMinSeconds) + " AND " + col +
                                        " <= " + sqlReal(physical::kMaxSeconds) + "))"
                                  : std::string()) +
                        ") LIMIT 1",
                    what, [&](sqlite3_stmt *st) {
                        const double v = sqlite3_column_double(st, 0);
                        throw StoreError(where + ": " +
                                         (duration
                                              ? physical::secondsProblem(c.name, v)
                                              : std::to_string(v) + " is not a finite number") +
                                         kNothingMerged);
                    });
        }
    }
}

bool isJsonColumn(const std::string &name)
{
    return name == "json" || name == "validity_reasons" ||
           (name.size() > 5 && name.compare(name.size() - 5, 5, "_json") == 0);
}

void checkJson(sqlite3 *db, const std::string &table, const std::string &column,
               const std::string &what)
{
    eachRow(db,
            "SELECT " + sqlName(column) + " FROM " + sqlName(table) + " WHERE " + sqlName(column) +
                " IS NOT NULL",
            what, [&](sqlite3_stmt *st) {
                const std::string value = text(st, 0);
                const std::string where = what + ": a value of " + table + "." + column;
                if (value.size() > merge_limits::kMaxJsonBytes)
                    throw StoreError(where + " holds " + std::to_string(value.size()) +
                                     " bytes of JSON, over the limit of " +
                                     std::to_string(merge_limits::kMaxJsonBytes) + kNothingMerged);
                if (parseJsonLine(value).is_discarded())
                    throw StoreError(where + " is not JSON nested at most " +
                                     std::to_string(kMaxJsonDepth) + " levels deep" +
                                     kNothingMerged);
            });
}

// Every chunk decoded as the store would read it, one at a time (at most 32 KiB each).
void checkChunks(sqlite3 *db, const std::string &what)
{
    std::vector<double> values;
    eachRow(db, "SELECT id, run_id, phase, count, codec, data FROM sample_chunks", what,
            [&](sqlite3_stmt *st) {
                values.clear();
                const long long count = sqlite3_column_int64(st, 3);
                try {
                    if (count < 1)
                        throw SampleCodecError("a sample chunk claims " + std::to_string(count) +
                                               " values");
                    decodeChunk(sqlite3_column_int(st, 4), sqlite3_column_blob(st, 5),
                                std::size_t(sqlite3_column_bytes(st, 5)), std::size_t(count),
                                values);
                    for (const double v : values)
                        if (!physical::seconds(v))
                            throw SampleCodecError(physical::secondsProblem("sample", v));
                } catch (const SampleCodecError &e) {
                    throw StoreError(what + ": sample chunk #" +
                                     std::to_string(sqlite3_column_int64(st, 0)) + " (run #" +
                                     std::to_string(sqlite3_column_int64(st, 1)) + ", phase " +
                                     text(st, 2) + "): " + e.what() + kNothingMerged);
                }
            });
}

} // namespace

int removeStaleMergeCopies(const std::string &dir)
{
    std::error_code ec;
    int removed = 0;
    for (std::filesystem::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (name.compare(0, kCopyPrefix.size(), kCopyPrefix) != 0)
            continue;
        std::string rest = name.substr(kCopyPrefix.size());
        bool sidecar = false;
        for (const char *suffix : {"-wal", "-shm", "-journal"}) {
            const std::string s = suffix;
            if (rest.size() > s.size() && rest.compare(rest.size() - s.size(), s.size(), s) == 0)
                sidecar = true;
        }
        if (sidecar)
            continue; // removed with its copy
        // ".torchpilot-merge-<pid>-XXXXXX", or the older ".torchpilot-merge-XXXXXX".
        const auto dash = rest.find('-');
        if (dash != std::string::npos) {
            char *stop = nullptr;
            const long pid = std::strtol(rest.c_str(), &stop, 10);
            if (stop != rest.c_str() + dash || pid <= 0)
                continue;
            if (::kill(static_cast<pid_t>(pid), 0) == 0 || errno != ESRCH)
                continue; // that merge may still be running
        }
        bool any = false;
        for (const char *suffix : {"", "-wal", "-shm", "-journal"})
            any = ::unlink((it->path().string() + suffix).c_str()) == 0 || any;
        removed += any ? 1 : 0;
    }
    return removed;
}

MergeCopy::MergeCopy(const std::string &source, const std::string &ourPath)
{
    const std::string what = quoted(source);
    Fd in;
    // O_NONBLOCK: opening a FIFO must not wait for a writer; the type is checked before a read.
    in.fd = ::open(source.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
    if (in.fd < 0)
        throw StoreError("cannot open " + what + ": " + std::strerror(errno) + kNothingMerged);
    struct stat st {
    };
    if (::fstat(in.fd, &st) != 0)
        throw StoreError("cannot read " + what + ": " + std::strerror(errno) + kNothingMerged);
    if (!S_ISREG(st.st_mode))
        throw StoreError(what + " is " + fileKind(st.st_mode) + ", not a database file" +
                         kNothingMerged);
    if (std::uint64_t(st.st_size) > merge_limits::kMaxFileBytes)
        throw StoreError(what + " is " + std::to_string(st.st_size) +
                         " bytes, over the merge limit of " +
                         std::to_string(merge_limits::kMaxFileBytes) + kNothingMerged);
    Fd out;
    std::filesystem::path dir = std::filesystem::path(ourPath).parent_path();
    if (dir.empty())
        dir = ".";
    std::error_code ec;
    const std::filesystem::path tmp = std::filesystem::temp_directory_path(ec);
    removeStaleMergeCopies(dir.string());
    if (!ec)
        removeStaleMergeCopies(tmp.string());
    out.fd = createIn(dir, m_path);
    if (out.fd < 0 && !ec)
        out.fd = createIn(tmp, m_path);
    if (out.fd < 0)
        throw StoreError("cannot make a private copy of " + what +
                         " to vet it: " + std::strerror(errno) + kNothingMerged);
    // Only the bytes there were when it was opened: a file that keeps growing is not followed.
    std::uint64_t left = std::uint64_t(st.st_size);
    std::vector<char> buffer(1 << 20);
    while (left > 0) {
        const ssize_t n =
            ::read(in.fd, buffer.data(), std::min<std::uint64_t>(left, buffer.size()));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break; // shrank while it was copied: the integrity check will say so
        for (ssize_t done = 0; done < n;) {
            const ssize_t w = ::write(out.fd, buffer.data() + done, std::size_t(n - done));
            if (w < 0 && errno == EINTR)
                continue;
            if (w < 0) {
                const std::string why = std::strerror(errno);
                ::unlink(m_path.c_str());
                throw StoreError("cannot copy " + what + " to vet it: " + why + kNothingMerged);
            }
            done += w;
        }
        left -= std::uint64_t(n);
    }
}

std::string nonRegularKind(const std::string &path)
{
    struct stat st {
    };
    if (::stat(path.c_str(), &st) != 0 || S_ISREG(st.st_mode))
        return {};
    return fileKind(st.st_mode);
}

MergeCopy::~MergeCopy()
{
    if (m_path.empty())
        return;
    for (const char *suffix : {"", "-wal", "-shm", "-journal"})
        ::unlink((m_path + suffix).c_str());
}

std::string fileUri(const std::string &path)
{
    static const char hex[] = "0123456789ABCDEF";
    std::string uri = "file:";
    for (unsigned char c : path) {
        if (std::isalnum(c) || c == '/' || c == '.' || c == '_' || c == '~' || c == '-') {
            uri += char(c);
        } else {
            uri += '%';
            uri += hex[c >> 4];
            uri += hex[c & 15];
        }
    }
    return uri;
}

void vetMergeCopy(const std::string &copyPath, const std::string &source, Store &ours,
                  const std::vector<std::string> &tables)
{
    const std::string what = quoted(source);
    sqlite3 *raw = nullptr;
    // Immutable: the copy is private, so nothing changes it; SQLite then takes no lock and makes
    // no -wal or -shm file beside it.
    if (sqlite3_open_v2((fileUri(copyPath) + "?immutable=1").c_str(), &raw,
                        SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nullptr) != SQLITE_OK) {
        const std::string why = raw ? sqlite3_errmsg(raw) : "out of memory";
        sqlite3_close(raw);
        throw StoreError("cannot open " + what + ": " + why + kNothingMerged);
    }
    std::unique_ptr<sqlite3, int (*)(sqlite3 *)> db(raw, sqlite3_close);
    sqlite3_db_config(raw, SQLITE_DBCONFIG_DEFENSIVE, 1, nullptr);
    sqlite3_db_config(raw, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, nullptr);
    sqlite3_db_config(raw, SQLITE_DBCONFIG_ENABLE_VIEW, 0, nullptr);
    sqlite3_db_config(raw, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, nullptr);
    sqlite3_limit(raw, SQLITE_LIMIT_LENGTH, merge_limits::kMaxValueBytes);
    const long long app = integer(raw, "PRAGMA application_id", what);
    if (app != schema::kApplicationId)
        throw StoreError(what + " is a SQLite database of another application (application_id " +
                         std::to_string(app) + "), not a TorchPilot one" + kNothingMerged);
    const long long version = integer(raw, "PRAGMA user_version", what);
    if (version != Store::kSchemaVersion)
        throw StoreError(
            what + " is a TorchPilot database of schema version " + std::to_string(version) +
            (version > Store::kSchemaVersion ? ", newer than this TorchPilot reads ("
                                             : "; merging needs this TorchPilot's (") +
            std::to_string(Store::kSchemaVersion) + ")" +
            (version < Store::kSchemaVersion ? ": open it once with this TorchPilot to upgrade it"
                                             : ": use a newer TorchPilot") +
            kNothingMerged);
    refuseActiveObjects(raw, what);
    std::string check;
    // The full check: quick_check does not compare indexes with their tables, and a merge reads
    // through the file's indexes (a key index pointing at another row mixed two runs' data).
    eachRow(raw, "PRAGMA integrity_check", what, [&](sqlite3_stmt *st) {
        if (check.empty())
            check = text(st, 0);
    });
    if (check != "ok")
        throw StoreError(what + " is damaged (" + check + ")" + kNothingMerged);
    for (const std::string &t : tables) {
        const std::vector<Column> theirs = columnsOf(raw, t, what);
        const std::vector<Column> ourColumns =
            columnsOf(StoreConnection::of(ours).getHandle(), t, "this database");
        bool same = theirs.size() == ourColumns.size();
        for (std::size_t i = 0; same && i < theirs.size(); ++i)
            same = theirs[i].name == ourColumns[i].name;
        if (!same)
            throw StoreError(what + ": table " + t + " does not have TorchPilot's columns" +
                             kNothingMerged);
        checkTypes(raw, t, ourColumns, what);
        checkSound(raw, t, ourColumns, what);
        for (const Column &c : ourColumns)
            if (isJsonColumn(c.name))
                checkJson(raw, t, c.name, what);
    }
    checkChunks(raw, what);
}

} // namespace tp
