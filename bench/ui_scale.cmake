# UI scale benchmark (bench/ui_scale.sh): a 10 000-run / 10 M-sample database and the time to an
# interactive window and to switch runs. Included from bench/CMakeLists.txt.
add_executable(gen_large_db gen_large_db.cpp)
target_link_libraries(gen_large_db PRIVATE tp_model)
set_target_properties(gen_large_db PROPERTIES AUTOMOC OFF AUTOUIC OFF AUTORCC OFF)

add_executable(ui_scale ui_scale.cpp)
target_link_libraries(ui_scale PRIVATE tp_ui tp_model)
target_compile_definitions(ui_scale PRIVATE QT_NO_CAST_FROM_ASCII)

# The dashboard walk over a large database (bench/gui_walk.h), shared by gui_responsiveness (the
# GUI thread's largest gap per step, against a 100 ms budget) and tests/tst_gui_responsiveness
# (no SQL on the GUI thread, proved by the thread guard).
add_library(tp_gui_walk STATIC gui_walk.cpp gui_walk.h)
target_link_libraries(tp_gui_walk PUBLIC tp_ui tp_model Qt6::Test)
target_compile_definitions(tp_gui_walk PRIVATE QT_NO_CAST_FROM_ASCII
  TP_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
add_executable(gui_responsiveness gui_responsiveness.cpp ${PROJECT_SOURCE_DIR}/resources/resources.qrc)
target_link_libraries(gui_responsiveness PRIVATE tp_gui_walk)
target_compile_definitions(gui_responsiveness PRIVATE QT_NO_CAST_FROM_ASCII)
add_dependencies(gui_responsiveness gen_large_db)
