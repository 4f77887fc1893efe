# Install rules and the Debian package (CPack DEB). One layout for the build tree and the install:
#   bin/torchpilot, bin/torchpilot-runner
#   share/torchpilot/python/      the Python runner (GPU/TPU hosts)
#   share/torchpilot/translations/torchpilot_pt_BR.qm
#   share/torchpilot/{catalogs,cost,gates,pilots,policies,validity}/   the shipped JSON files
# The programs find these from their own directory (bin/../share/torchpilot), never from the
# source tree, so a build tree runs like an installed one (tp_share stages share/ into it).
# `cpack --config build/CPackConfig.cmake` (or `cmake --build build --target package`) writes
# build/torchpilot_<version>-1_<arch>.deb; packaging/check-package.sh lints and tries it.
include(GNUInstallDirs)
set(TP_APP_ID io.github.torchpilot.TorchPilot)
set(TP_SHARE ${CMAKE_INSTALL_DATADIR}/torchpilot)
set(TP_JSON_DIRS catalogs cost gates pilots policies protocol validity)
set(TP_QM ${PROJECT_BINARY_DIR}/app/torchpilot_pt_BR.qm)

# The build tree's share/torchpilot, refreshed on every build (a copy: cheap, and never stale).
set(stage ${PROJECT_BINARY_DIR}/share/torchpilot)
set(copies COMMAND ${CMAKE_COMMAND} -E copy_directory ${PROJECT_SOURCE_DIR}/runner/python
                                                      ${stage}/python)
foreach(dir IN LISTS TP_JSON_DIRS)
  list(APPEND copies COMMAND ${CMAKE_COMMAND} -E copy_directory
       ${PROJECT_SOURCE_DIR}/resources/${dir} ${stage}/${dir})
endforeach()
add_custom_target(tp_share ALL ${copies}
  COMMAND ${CMAKE_COMMAND} -E copy_if_different ${TP_QM} ${stage}/translations/torchpilot_pt_BR.qm
  COMMENT "Staging share/torchpilot in the build tree" VERBATIM)
add_dependencies(tp_share tp_i18n_lrelease)
add_dependencies(tp_launch tp_share) # the launchers look for the Python runner there

install(TARGETS torchpilot torchpilot-runner RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/runner/python/ DESTINATION ${TP_SHARE}/python
  FILES_MATCHING PATTERN "*.py" PATTERN "__pycache__" EXCLUDE)
# The scripts a person runs directly keep their execute bit (they start with #!/usr/bin/env python3).
install(PROGRAMS ${PROJECT_SOURCE_DIR}/runner/python/torchpilot_runner.py
                 ${PROJECT_SOURCE_DIR}/runner/python/make_test_model.py
  DESTINATION ${TP_SHARE}/python)
foreach(dir IN LISTS TP_JSON_DIRS)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/resources/${dir} DESTINATION ${TP_SHARE})
endforeach()
install(FILES ${TP_QM} DESTINATION ${TP_SHARE}/translations)

# Desktop integration: launcher, icon, file types, AppStream metadata.
install(FILES ${PROJECT_SOURCE_DIR}/packaging/${TP_APP_ID}.desktop
  DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES ${PROJECT_SOURCE_DIR}/resources/icons/torchpilot.svg
  DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
install(FILES ${PROJECT_SOURCE_DIR}/packaging/mime/torchpilot.xml
  DESTINATION ${CMAKE_INSTALL_DATADIR}/mime/packages)
install(FILES ${PROJECT_SOURCE_DIR}/packaging/${TP_APP_ID}.metainfo.xml
  DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)

# Man pages from --help (help2man, run on the freshly built programs), compressed as Debian wants.
find_program(HELP2MAN help2man)
find_program(GZIP gzip)
if(HELP2MAN AND GZIP)
  set(man ${PROJECT_BINARY_DIR}/man)
  add_custom_command(OUTPUT ${man}/torchpilot.1.gz ${man}/torchpilot-runner.1.gz
    COMMAND ${PROJECT_SOURCE_DIR}/packaging/make-manpages.sh $<TARGET_FILE_DIR:torchpilot> ${man}
    COMMAND ${GZIP} -9nf ${man}/torchpilot.1 ${man}/torchpilot-runner.1
    DEPENDS torchpilot torchpilot-runner ${PROJECT_SOURCE_DIR}/packaging/make-manpages.sh
    COMMENT "Man pages (help2man)" VERBATIM)
  add_custom_target(tp_manpages ALL DEPENDS ${man}/torchpilot.1.gz ${man}/torchpilot-runner.1.gz)
  install(FILES ${man}/torchpilot.1.gz ${man}/torchpilot-runner.1.gz
    DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
else()
  message(STATUS "help2man or gzip not found: no man pages (packaging/setup-debian.sh installs it)")
endif()

# Debian's copyright file and changelog (lintian wants both; a package with a Debian revision,
# as 0.1.0-1 is, names it changelog.Debian.gz).
set(doc ${CMAKE_INSTALL_DATADIR}/doc/torchpilot)
set(changelog ${PROJECT_BINARY_DIR}/changelog.Debian.gz)
add_custom_command(OUTPUT ${changelog}
  COMMAND ${GZIP} -9nc ${PROJECT_SOURCE_DIR}/packaging/debian/changelog > ${changelog}
  DEPENDS ${PROJECT_SOURCE_DIR}/packaging/debian/changelog VERBATIM)
add_custom_target(tp_changelog ALL DEPENDS ${changelog})
install(FILES ${PROJECT_SOURCE_DIR}/packaging/debian/copyright ${changelog} DESTINATION ${doc})

set(TORCHPILOT_MAINTAINER "The TorchPilot developers <torchpilot@example.org>"
  CACHE STRING "Maintainer field of the Debian package")
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME torchpilot)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "The TorchPilot developers")
set(CPACK_PACKAGE_CONTACT ${TORCHPILOT_MAINTAINER})
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_RELEASE 1)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER ${TORCHPILOT_MAINTAINER})
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "measured evidence for moving a PyTorch workload from GPU to TPU")
# The extended description only: CPack puts the summary above it as the synopsis line.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
  "TorchPilot helps a team decide, with measured evidence, whether a PyTorch
workload should move from its GPUs to TPU. It runs benchmarks through its
libtorch runner (torchpilot-runner), over SSH and as Kubernetes Jobs, keeps
every run in one SQLite file, judges each run's validity, and shows panels,
charts, a bootstrap comparison and five approval gates; it writes the PDF
decision report. The gates and compare commands set exit codes for
pipelines.")
# Shared libraries through dpkg-shlibdeps (Qt, libtorch, SQLite, zstd, OpenSSL …); what the
# programs load without linking it is named here: the BLAS libtorch runs fast on, the SVG icon
# plugin, and python3 for the runner scripts (whose torch is only recommended: GPU/TPU hosts).
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libopenblas0-pthread, libqt6svg6, python3")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "python3-torch, qt6-translations-l10n, openssh-client")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
include(CPack)
