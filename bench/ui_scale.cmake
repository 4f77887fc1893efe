# UI scale benchmark (bench/ui_scale.sh): a 10 000-run / 10 M-sample database and the time to an
# interactive window and to switch runs. Included from bench/CMakeLists.txt.
add_executable(gen_large_db gen_large_db.cpp)
target_link_libraries(gen_large_db PRIVATE tp_model)
set_target_properties(gen_large_db PROPERTIES AUTOMOC OFF AUTOUIC OFF AUTORCC OFF)

add_executable(ui_scale ui_scale.cpp)
target_link_libraries(ui_scale PRIVATE tp_ui tp_model)
target_compile_definitions(ui_scale PRIVATE QT_NO_CAST_FROM_ASCII)
