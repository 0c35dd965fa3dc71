# Cross-compiling for Windows x86-64 with Debian's mingw-w64 (g++-mingw-w64-x86-64-posix):
#   cmake -S . -B build/windows -DCMAKE_TOOLCHAIN_FILE=cmake/mingw-w64.cmake
# The posix thread model (std::thread, std::mutex in doctest); the GCC runtimes and winpthread
# are linked statically, so deckhand.dll and the tests need no other DLL beside them.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(DECKHAND_MINGW_TRIPLE x86_64-w64-mingw32)
set(CMAKE_C_COMPILER ${DECKHAND_MINGW_TRIPLE}-gcc-posix)
set(CMAKE_CXX_COMPILER ${DECKHAND_MINGW_TRIPLE}-g++-posix)
set(CMAKE_RC_COMPILER ${DECKHAND_MINGW_TRIPLE}-windres)
set(CMAKE_FIND_ROOT_PATH /usr/${DECKHAND_MINGW_TRIPLE})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static")
set(CMAKE_SHARED_LINKER_FLAGS_INIT "-static")
# Tests run under wine (CMAKE_CROSSCOMPILING_EMULATOR lets ctest start them).
find_program(DECKHAND_WINE NAMES wine wine64)
if(DECKHAND_WINE)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${DECKHAND_WINE})
endif()
