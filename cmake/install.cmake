# Installation: headers, both libraries, the CMake package (deckhand::deckhand and
# deckhand::deckhand_static) and a pkg-config file.
include(CMakePackageConfigHelpers)

set(DECKHAND_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/deckhand)

install(TARGETS deckhand deckhand_static EXPORT deckhandTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY include/deckhand DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(FILES capi/include/deckhand.h ${DECKHAND_GENERATED_INCLUDE}/deckhand_version.h
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(FILES LICENSE DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/deckhand)
if(TARGET deckhand_cli)
  install(TARGETS deckhand_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()

install(EXPORT deckhandTargets NAMESPACE deckhand:: DESTINATION ${DECKHAND_CMAKE_DIR})
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/deckhandConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/deckhandConfig.cmake INSTALL_DESTINATION ${DECKHAND_CMAKE_DIR})
# The same promise as the SONAME (docs/abi.md): during 0.x only one minor version's releases
# are compatible.
if(PROJECT_VERSION_MAJOR EQUAL 0)
  set(DECKHAND_COMPATIBILITY SameMinorVersion)
else()
  set(DECKHAND_COMPATIBILITY SameMajorVersion)
endif()
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/deckhandConfigVersion.cmake
  COMPATIBILITY ${DECKHAND_COMPATIBILITY})
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/deckhandConfig.cmake
  ${CMAKE_CURRENT_BINARY_DIR}/deckhandConfigVersion.cmake DESTINATION ${DECKHAND_CMAKE_DIR})

# The .pc file finds its prefix from its own location (${pcfiledir}), not from the
# configure-time CMAKE_INSTALL_PREFIX, which `cmake --install --prefix` may override; so the
# installed tree can be put, or moved, anywhere. Absolute install dirs are kept as given.
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")  # the .pc file is then outside the prefix
  set(DECKHAND_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
else()
  file(RELATIVE_PATH DECKHAND_PC_UP "/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/")
  string(REGEX REPLACE "/$" "" DECKHAND_PC_UP "${DECKHAND_PC_UP}")
  set(DECKHAND_PC_PREFIX "\${pcfiledir}/${DECKHAND_PC_UP}")
endif()
foreach(kind LIBDIR INCLUDEDIR)
  if(IS_ABSOLUTE "${CMAKE_INSTALL_${kind}}")
    set(DECKHAND_PC_${kind} "${CMAKE_INSTALL_${kind}}")
  else()
    set(DECKHAND_PC_${kind} "\${prefix}/${CMAKE_INSTALL_${kind}}")
  endif()
endforeach()
configure_file(${CMAKE_CURRENT_LIST_DIR}/deckhand.pc.in ${CMAKE_CURRENT_BINARY_DIR}/deckhand.pc @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/deckhand.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
