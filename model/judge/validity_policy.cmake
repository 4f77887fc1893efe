# The store's validity policy, resources/validity/default.json, embedded into a generated header
# (validity_policy_data.h) for `target`; editing the JSON re-runs CMake. Used by model/ and fuzz/.
function(tp_embed_validity_policy target)
  set(file ${PROJECT_SOURCE_DIR}/resources/validity/default.json)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${file})
  file(READ ${file} TP_VALIDITY_POLICY_JSON)
  set(TP_VALIDITY_POLICY_ORIGIN "resources/validity/default.json")
  set(out ${CMAKE_CURRENT_BINARY_DIR}/generated-${target})
  configure_file(${PROJECT_SOURCE_DIR}/model/judge/validity_policy_data.h.in ${out}/validity_policy_data.h @ONLY)
  target_include_directories(${target} PRIVATE ${out})
endfunction()
