#pragma once
// A store's database handle, for model/store's own files (and the tests that build or damage a
// database on purpose): the store is the only owner of SQL, so nothing outside model/store
// includes this (tests/check_model_layers.py counts it as a store_db_caller).
#include "model/store/store.h"

namespace tp
{

struct StoreConnection {
    static SQLite::Database &of(Store &store) { return store.db(); }
};

} // namespace tp
