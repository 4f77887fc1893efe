# fuzz_render (fuzz/fuzz_render.cpp): the import-then-render fuzz target, which needs Qt Widgets,
# so it is part of the normal build (not of -DTORCHPILOT_FUZZ=ON's clang-only one), with its own
# replay-and-mutate main (fuzz/standalone_driver.cpp). Run by bench/fuzz.sh on fuzz_ingest's
# corpus; under tests/run_sanitizers.sh's build it runs with AddressSanitizer.
add_executable(fuzz_render ${PROJECT_SOURCE_DIR}/fuzz/fuzz_render.cpp
  ${PROJECT_SOURCE_DIR}/fuzz/standalone_driver.cpp ${PROJECT_SOURCE_DIR}/resources/resources.qrc)
target_link_libraries(fuzz_render PRIVATE tp_ui tp_model Qt6::Test)
set_target_properties(fuzz_render PROPERTIES UNITY_BUILD OFF)
# The ingest regressions (each a stream that once crashed or forged a run), replayed through the
# whole import-and-render check by ctest: under the sanitizer build too.
file(GLOB tp_render_regressions ${PROJECT_SOURCE_DIR}/fuzz/regressions/ingest-*)
add_test(NAME fuzz_render_replay COMMAND fuzz_render ${tp_render_regressions})
set_tests_properties(fuzz_render_replay PROPERTIES TIMEOUT 600
  ENVIRONMENT "QT_QPA_PLATFORM=offscreen" LABELS "integration")
